/**
 * The company record (`ClassifiedCompany`, schema version 1.0) of the product API v2. Every
 * field may be omitted or null (real APIs omit fields, and scopes hide some); unknown fields
 * are kept. Descriptions are the contract's, one line each; empty where it gives none.
 */
import { z } from "zod";
import { field as f } from "./field-builders";
import * as item from "./company-items";

const SOCIAL = "Most common anchor link containing the social domain; links on the homepage preferred.";
const GENDER_VALUES = "All women led, Majority women led, Mixed led, Majority men led, All men led or Uncertain";
/** INFERRED (CONTRACT-CHOICES.md): the contract calls job-posting data a paid upgrade; we take it to need this scope. */
export const JOB_DATA_SCOPE = "jobdata:read";
const INVESTMENT = "Funding rounds; the total is the sum of all rounds except Debt and Acquisition rounds.";

export const ClassifiedCompanySchema = z.looseObject({
  CompanyNumber: f.string("The company key: unique, never changes."),
  CompanyName: f.string(),
  CompanyCategory: f.string("Type of company, for example public or private limited."),
  CompanyStatus: f.string(),
  CompanyNation: f.string(),
  CountryOfOrigin: f.string(),
  CompanyDescription: f.string("From the description meta tag of the homepage and about page; English only."),
  Homepage_domain: f.string(),
  ParentNation: f.string(),
  UltimateParentNation: f.string(),
  UltimateLinkedCompanyNumber: f.string(),
  GroupCompanyId: f.string(),
  RegisteredAddress: f.string(),
  RegisteredPostcode: f.string(),
  LatestRoundType: f.string("Round type of the most recent funding round."),
  Bluesky: f.string(SOCIAL),
  Facebook: f.string(SOCIAL),
  Instagram: f.string(SOCIAL),
  Linkedin: f.string(SOCIAL),
  Twitter: f.string(SOCIAL),
  Youtube: f.string(SOCIAL),
  GenderLedCategory: f.string(`By active directors: ${GENDER_VALUES}.`),
  GenderFoundedCategory: f.string(`By active founders: ${GENDER_VALUES}.`),

  BestEstimateEBITDA: f.number(
    "Operating profit plus depreciation of tangibles and amortisation of intangibles, where all three are available.",
  ),
  BestEstimateEmployees: f.integer("Reported or estimated; current year; may include overseas employees."),
  BestEstimateUKEmployees: f.integer("UK-based employees only; latest complete year."),
  BestEstimateTurnover: f.integer(
    "Reported where available, else estimated; current year, projected from the latest reported year when needed.",
  ),
  EstimatedGVA: f.number("Employees times the standard GVA per employee of the company's SIC."),
  EstimatedUKGVA: f.number("UK employees times the standard GVA per employee of the company's SIC."),
  InnovationScore: f.number("Binary classifier output (innovative or not); confidence rises with the score."),
  LatestRoundAmount: f.number("Amount of the latest single funding round, not the total."),
  LatestRoundValuation: f.number("Valuation at the latest round, GBP; not every round has one."),
  NumberOfCurrentDirectors: f.number(
    "Directors with no resignation date and role Director; other officer roles excluded.",
  ),
  NumberOfCurrentOfficers: f.number(),
  TonnesOfC02equivGHGPerYear: f.number(),

  AccountsOverdueByMoreThanAYear: f.boolean(),
  ESG_RTIC: f.boolean("The company is in an ESG RTIC."),
  HasBeenAcquired: f.boolean("An Acquisition round has the company as target."),
  HasIPO: f.boolean(),
  HasMadeAcquisitions: f.boolean("An Acquisition round has the company as acquirer."),
  HighGrowth: f.boolean(),
  IsBCorp: f.boolean(),
  IsLikelyAgency: f.boolean("Likely an agency, from its financials."),
  IsLikelyCompanyFormationAgent: f.boolean(),
  IsLikelySPV: f.boolean("Likely a special purpose vehicle (ML model)."),
  IsWebsiteInheritedFromGroupStructure: f.boolean(),
  OECDScaleup: f.boolean(),
  Spinout: f.boolean(),
  UsesWWW: f.boolean(),

  IncorporationDate: f.date(),
  SpinoutDate: f.date(),
  LatestRoundDate: f.datetime(),

  ConsolidatedAccountsCompanyName: f.strings(
    "Companies in the same group filing consolidated accounts; a signal of the parent.",
  ),
  ConsolidatedAccountsCompanyNumber: f.strings("Numbers of companies in the same group filing consolidated accounts."),
  EmailAddresses: f.strings("Extracted from website text, director addresses first."),
  PhoneNumbers: f.strings(),
  InnovationKeywords: f.strings("Innovation keywords found in web text."),
  ManufacturingKeywords: f.strings("Manufacturing keywords found in web text."),
  SectorKeywords: f.strings("Sector keywords found in web text."),
  LinkedCompanyNumbers: f.strings("Linked by shared officers, addresses, shareholders and other signals."),
  SICs: f.strings(),
  SICHLUs: f.strings(),
  SpinoutUniversities: f.strings(),
  UltimateUKParentCompanyNames: f.strings(),
  UltimateUKParentCompanyNumbers: f.strings(),

  CompanyFinancials_Vendor: f.objects(
    item.financialsItem,
    "Filed accounts by year, from a semi-automated conversion of scanned filings; may contain errors.",
  ),
  CompanyGrowthTrends: f.object(
    item.growthTrends,
    "Current best estimates, growth rates and yearly employment and turnover estimates.",
  ),
  CompanyJobPostings: f.objects(item.jobPostingsBySoc4, "Job postings, one entry per SOC4 group.", JOB_DATA_SCOPE),
  CompanyJobPostingsByLot: f.objects(
    item.jobPostingsByLot,
    "Job postings, one entry per LOT occupation.",
    JOB_DATA_SCOPE,
  ),
  CompanyJobPostingsByLOTCodeOverTime: f.objects(
    item.jobPostingsByLotOverTime,
    "Job postings per LOT occupation per month.",
    JOB_DATA_SCOPE,
  ),
  CompanyJobPostingsBySOC4CodeOverTime: f.objects(
    item.jobPostingsBySoc4OverTime,
    "Job postings per SOC4 occupation per month.",
    JOB_DATA_SCOPE,
  ),
  CompanyJobPostingsBySkill: f.objects(
    item.jobPostingsBySkill,
    "Job postings by skill; common skills only.",
    JOB_DATA_SCOPE,
  ),
  CompanyJobPostingsOverTime: f.object(
    item.jobPostingsOverTime,
    "Monthly job-posting counts by LOT and by SOC4.",
    JOB_DATA_SCOPE,
  ),
  Investment: f.objects(item.investmentItem, INVESTMENT),
  VendorFunding: f.objects(
    item.investmentItem,
    "Legacy copy of Investment, kept for compatibility only; use Investment.",
  ),
  ESGStatementAnchors: f.objects(item.esgAnchor),
  IS8Codes: f.objects(item.is8Code, "Derived from RTICs and RSICs."),
  AgencyFunding: f.objects(item.agencyFundingItem, "Agency-funded projects, from 2004."),
  _GrantsFunding: f.objects(item.grantsFundingItem, "Grants awarded."),
  LocationDetails: f.objects(item.locationItem),
  Officers: f.objects(item.officerItem),
  RSICs: f.objects(item.rsicItem),
  SimilarCompanies: f.objects(item.similarityItem),
  SimilarCompositeCompanies: f.objects(item.similarityItem),
  URLMatchStats: f.object(item.urlMatchStats),
  WomenLedStats: f.object(item.womenLedStats),

  RTICs: f.inferredObjects(item.rticItem, "Real-time industry classification codes."),
  CICs: f.inferredObjects(item.cicItem, "Custom classification codes; also carries industry verticals."),
  CompanyExports: f.inferredObjects(item.tradeItem, "National trade data: exports."),
  CompanyImports: f.inferredObjects(item.tradeItem, "National trade data: imports."),
  DistinctBrandsInGroup: f.inferredObjects(item.brandItem),
  GroupMembers: f.inferredObjects(item.groupMemberItem),
});

export type ClassifiedCompany = z.infer<typeof ClassifiedCompanySchema>;
