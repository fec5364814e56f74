/** Item shapes of the company record's object and object-array fields, as the product contract lists them. */
import { field as f } from "./field-builders";

const names = <K extends string, V>(keys: readonly K[], make: () => V): Record<K, V> =>
  Object.fromEntries(keys.map((k) => [k, make()])) as Record<K, V>;

export const financialsItem = {
  ...names(["ACCOUNTANT_NAME", "ACCOUNTS_FORMAT", "AUDITORS", "CURRENCY"] as const, f.string),
  ...names(["CONSOLIDATED_ACS", "EMPLOYEES_ANOMALOUS", "LIKELY_AGENCY", "TURNOVER_ANOMALOUS"] as const, f.boolean),
  ...names(["MADE_FROM_DATE", "MADE_UPTO_DATE"] as const, f.datetime),
  ...names(
    [
      "AMORTISATION_OF_INTANGIBLES",
      "BANK_OVERDRAFT",
      "CASH",
      "CREDITORS",
      "DEBTORS",
      "DEBTORS_DUE_AFTER_ONE_YEAR",
      "DECREASE_OR_INCREASE_IN_CASH",
      "DEPRECIATION_OF_TANGIBLES",
      "EBITDA",
      "EMPLOYEES_ANOMALOUS_PROBABILITY",
      "EXPORT",
      "GROUP_DEBTORS",
      "LIKELY_AGENCY_PROBABILITY",
      "NET_ASSETS",
      "NET_WORTH",
      "NUMBER_OF_EMPLOYEES",
      "NUM_OF_MONTHS",
      "OPERATING_PROFIT",
      "PRE_TAX_PROFIT",
      "PROFIT_AFTER_TAX",
      "SHAREHOLDER_FUNDS",
      "TOTAL_ASSETS",
      "TOTAL_CURRENT_ASSETS",
      "TOTAL_CURRENT_LIABILITIES",
      "TOTAL_LIABILITIES",
      "TRADE_DEBTORS",
      "TURNOVER",
      "TURNOVER_ANOMALOUS_PROBABILITY",
      "WAGES_AND_SALARIES",
      "YEAR",
    ] as const,
    f.number,
  ),
};

const estimate = { Estimated: f.number(), Measure: f.number(), Year: f.number() };

export const growthTrends = {
  ...names(
    [
      "BestEstimateCurrentEmployees",
      "BestEstimateCurrentTurnover",
      "BestEstimateEmployeeGrowthPercentagePerYear",
      "BestEstimateGrowthPercentagePerYear",
      "BestEstimateTurnoverGrowthPercentagePerYear",
      "BestEstimatedTurnoverToEmployeeRatio",
      "CompanyAgeInDays",
    ] as const,
    f.number,
  ),
  CompanySizeEstimate: f.string(),
  OECDScaleup: f.boolean(),
  SICs: f.strings(),
  EmploymentEstimates: f.objects(estimate),
  TurnoverEstimates: f.objects(estimate),
};

export const jobPostingsBySoc4 = {
  SOC4Code: f.string(),
  SOC4Name: f.string(),
  Postings: f.number(),
  MedianSalary: f.number(),
};
export const jobPostingsByLot = {
  LotCode: f.string(),
  LotName: f.string(),
  Postings: f.number(),
  MedianSalary: f.number(),
};
export const jobPostingsByLotOverTime = {
  LOTCode: f.string(),
  Count: f.number(),
  AverageMedianSalary: f.number(),
  Timestamp: f.number(),
};
export const jobPostingsBySoc4OverTime = {
  SOC4Code: f.string(),
  Count: f.number(),
  AverageMedianSalary: f.number(),
  Timestamp: f.number(),
};
export const jobPostingsBySkill = {
  SkillName: f.string(),
  UniquePostings: f.number(),
  MedianPostingDuration: f.number(),
};
const countAt = { Count: f.number(), Timestamp: f.number() };
export const jobPostingsOverTime = {
  CompanyJobPostingsOverTimeByLot: f.objects(countAt),
  CompanyJobPostingsOverTimeBySoc4: f.objects(countAt),
};

export const investmentItem = {
  ...names(
    [
      "CompanyId",
      "ParticipatingInvestorTypes",
      "ProviderCompanyName",
      "RoundInvestorName",
      "RoundInvestorType",
      "RoundLeadInvestorName",
      "RoundType",
    ] as const,
    f.string,
  ),
  ...names(["LastInvestmentDate", "RoundDate"] as const, f.datetime),
  ...names(
    ["RoundAmount_GBP_Million", "RoundVerified", "Spinout", "TotalInvestmentRaised_GBP_Million"] as const,
    f.number,
  ),
};

export const esgAnchor = { Anchor: f.string(), Domain: f.string(), Word: f.string() };
export const is8Code = {
  ISCode: f.string(),
  ISCodeName: f.string(),
  ISVerticalCode: f.string(),
  ISVerticalName: f.string(),
};

export const agencyFundingItem = {
  ...names(
    [
      "ApplicationNumber",
      "CompetitionReference",
      "CompetitionTitle",
      "EnterpriseSize",
      "IndustrialStrategyChallengeFundISCF",
      "AgencyProductType",
      "IsLeadParticipant",
      "ParticipantName",
      "ParticipantWithdrawnFromProject",
      "Postcode",
      "ProgrammeTitle",
      "ProjectNumber",
      "ProjectStatus",
      "ProjectTitle",
      "PublicDescription",
      "Sector",
    ] as const,
    f.string,
  ),
  ...names(["ActualSpendtoDate", "AwardOffered", "CompetitionYear", "TotalCosts"] as const, f.number),
  ...names(["ProjectStartDate", "ProjectEndDate"] as const, f.datetime),
};

export const grantsFundingItem = {
  ...names(
    [
      "ImpactCategory",
      "Primaryissue",
      "currency",
      "description",
      "funderName",
      "grantProgrammeTitle",
      "recipientName",
      "recipientURL",
      "title",
    ] as const,
    f.string,
  ),
  amountAwarded: f.number(),
  awardDate: f.datetime(),
};

export const locationItem = {
  ...names(
    [
      "AssociatedAddress",
      "ITL1",
      "ITL1NM",
      "ITL2",
      "ITL2NM",
      "ITL3",
      "LAcode",
      "LAname",
      "LSOA",
      "MSOA",
      "OECDFUACorePlusCommuting",
      "Postcode",
      "Postcode_withspaces",
      "StrategicAuthorityCode",
      "StrategicAuthorityName",
      "UKConstituency",
    ] as const,
    f.string,
  ),
  ...names(
    [
      "BestEstimateLocationEmployees",
      "BestEstimateLocationGVA",
      "BestEstimateLocationTurnover",
      "Latitude",
      "Longitude",
    ] as const,
    f.number,
  ),
  ...names(
    ["FoundOnWebpage", "IsBlacklisted", "IsOperatingAddress", "IsSubsidiaryAddress", "RegisteredPostcode"] as const,
    f.boolean,
  ),
};

export const officerItem = {
  ...names(
    [
      "AddressLine1",
      "AddressLine2",
      "Careof",
      "Country",
      "County",
      "Forenames",
      "Honours",
      "Nationality",
      "Occupation",
      "PersonNumber",
      "PostTown",
      "Role",
      "Surname",
      "Title",
      "UsualResidentialCountry",
    ] as const,
    f.string,
  ),
  ...names(["Appointedon", "DOB", "ResignationDate"] as const, f.date),
};

export const rsicItem = { SIC_Code: f.string(), Score: f.number() };
export const similarityItem = { CompanyOne: f.string(), CompanyTwo: f.string(), Similarity: f.number() };
export const urlMatchStats = {
  MatchedWebsite: f.string(),
  MatchedWebsiteConfidence: f.string(),
  MatchedWebsiteReasoning: f.strings(),
  MatchedWebsiteScore: f.number(),
};
export const womenLedStats = names(
  [
    "ActiveFemaleDirectors",
    "ActiveFemaleFounders",
    "ActiveMaleDirectors",
    "ActiveMaleFounders",
    "ActiveUnknownGenderDirectors",
    "ActiveUnknownGenderFounders",
    "InitialFemaleFounders",
    "InitialMaleFounders",
    "TotalActiveDirectors",
    "TotalActiveFounders",
    "TotalInitialFounders",
  ] as const,
  f.number,
);

// INFERRED (CONTRACT-CHOICES.md, "Item fields of ..."): the contract does not show these item shapes;
// `field.inferredObjects` makes each of their fields lenient.
export const rticItem = { Code: f.string(), Description: f.string(), Score: f.number() };
export const cicItem = {
  Code: f.string(),
  Description: f.string(),
  VerticalCode: f.string(),
  VerticalName: f.string(),
};
export const tradeItem = {
  Year: f.number(),
  CommodityCode: f.string(),
  CommodityDescription: f.string(),
  Count: f.number(),
};
export const brandItem = { CompanyNumber: f.string(), CompanyName: f.string(), Website: f.string() };
export const groupMemberItem = { CompanyNumber: f.string(), CompanyName: f.string(), Level: f.number() };
