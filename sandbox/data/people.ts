/** Forenames by gender (for officers and the gender-led statistics), and officer vocabularies. */

const words = (s: string): readonly string[] => s.trim().split(/\s+/);

export const FEMALE_FORENAMES = words(`
Olivia Amelia Isla Ava Emily Sophia Grace Mia Poppy Ella Lily Evie Isabella Sophie Freya Charlotte Jessica
Ruby Chloe Alice Hannah Sarah Rachel Rebecca Laura Emma Claire Helen Victoria Catherine Elizabeth Margaret
Susan Karen Julie Fiona Gillian Morag Siobhan Aoife Niamh Priya Aisha Fatima Zainab Mei Ngozi Agnieszka
Joanna Bethan Cerys Eilidh Kirsty
`);

export const MALE_FORENAMES = words(`
Oliver George Harry Noah Jack Leo Arthur Oscar Charlie Jacob Thomas James William Henry Alfie Joshua Daniel
David Michael Andrew Richard Robert Paul Mark Stephen Peter John Christopher Matthew Simon Ian Graham Neil
Alistair Angus Hamish Callum Ciaran Sean Rhys Gareth Dafydd Mohammed Ahmed Raj Arjun Wei Chinedu Kwame
Piotr Tomasz Marco
`);

/** Forenames the sandbox's gender inference leaves as "unknown". */
export const UNISEX_FORENAMES = words(`Alex Sam Jordan Robin Jamie Morgan Taylor Casey Riley Charlie-Jo Kim Lee`);

export const OCCUPATIONS = words(`
Director Company_Director Managing_Director Engineer Accountant Consultant Chartered_Surveyor Solicitor
Software_Developer Chef Builder Electrician Farmer Pharmacist Architect Designer Teacher Nurse Retired
Businessman Businesswoman Investor Marketing_Manager Sales_Director Operations_Director Scientist
`).map((w) => w.replace(/_/g, " "));

export const NATIONALITIES = words(
  `British British British British British Irish Scottish Welsh Indian Polish Chinese Nigerian Italian American`,
);

export const OFFICER_ROLES = [
  "Director",
  "Director",
  "Director",
  "Secretary",
  "LLP Member",
  "Nominee Director",
] as const;

export const HONOURS = ["", "", "", "", "", "", "", "", "OBE", "MBE", "CBE", "FCA", "PhD"] as const;

export const ACCOUNTANTS = words(`
ARMSTRONG_WATSON AZETS BDO BISHOP_FLEMING COOPER_PARRY CROWE DAINS DELOITTE ERNST_&_YOUNG FRP GRANT_THORNTON
HAZLEWOODS JOHNSTON_CARMICHAEL KPMG MAZARS MHA MOORE_KINGSTON_SMITH PKF_FRANCIS_CLARK PRICEWATERHOUSECOOPERS
RSM SAFFERY_CHAMPNESS SAUNDERSON_HOUSE SMITH_&_WILLIAMSON SUMER_AUDITCO UHY_HACKER_YOUNG
`).map((w) => w.replace(/_/g, " "));

export const INVESTORS = words(`
Octopus_Ventures Balderton_Capital Index_Ventures Seedcamp LocalGlobe Mercia_Asset_Management
Scottish_Enterprise British_Business_Bank Development_Bank_of_Wales Northstar_Ventures Maven_Capital
Foresight_Group Par_Equity IQ_Capital Ahren_Innovation_Capital Amadeus_Capital Notion_Capital
`).map((w) => w.replace(/_/g, " "));

export const INVESTOR_TYPES = [
  "Venture Capital",
  "Angel",
  "Corporate",
  "Government",
  "Private Equity",
  "Crowdfunding",
  "Accelerator",
] as const;

export const ROUND_TYPES = [
  "Seed",
  "Pre-Seed",
  "Series A",
  "Series B",
  "Series C",
  "Grant",
  "Debt",
  "Acquisition",
  "Crowdfunding",
] as const;

export const UNIVERSITIES = words(`
University_of_Oxford University_of_Cambridge Imperial_College_London University_College_London
University_of_Edinburgh University_of_Manchester University_of_Bristol University_of_Glasgow
University_of_Leeds University_of_Sheffield Cardiff_University Queen's_University_Belfast
`).map((w) => w.replace(/_/g, " "));
