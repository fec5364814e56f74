/** Response schemas of the product API v2 besides the company record itself. */
import { z } from "zod";
import {
  FilterGroupSchema,
  lenient,
  named,
  optionalList,
  readFilterCatalogue,
  requiredList,
  type FilterFieldAliases,
} from "../lenient";
import { isObject, listIn, valueOf } from "../read";
import { ClassifiedCompanySchema } from "./company";
import { looseIsoDate } from "./field-builders";

/**
 * A record of a list that does not fit the company schema. One bad record must not spoil the
 * other 999 of its page (a cell per company, a row per company), so lists validate each record
 * alone and put this in its place; whoever shows the record shows `problem`.
 */
export interface InvalidCompany {
  invalid: true;
  /** The record's number when it has a readable one, so its cells can say what went wrong. */
  CompanyNumber?: string;
  /** Path of the first bad field and what was wrong, e.g. `BestEstimateTurnover: expected int`. */
  problem: string;
}

export function isInvalidCompany(value: unknown): value is InvalidCompany {
  return typeof value === "object" && value !== null && (value as InvalidCompany).invalid === true;
}

function invalidCompany(raw: unknown, error: z.ZodError): InvalidCompany {
  const issue = error.issues[0];
  const number =
    typeof raw === "object" && raw !== null ? (raw as { CompanyNumber?: unknown }).CompanyNumber : undefined;
  const where = issue?.path.length ? issue.path.map(String).join(".") : "record";
  return {
    invalid: true,
    ...(typeof number === "string" ? { CompanyNumber: number } : {}),
    problem: `${where}: ${issue?.message ?? "invalid"}`,
  };
}

/**
 * A list whose records are validated one by one (see InvalidCompany).
 * With the `ReturnCompanyIDsOnly` setting the service sends plain company-number strings.
 * INFERRED (ours): such an entry is read as a record holding only `CompanyNumber`, so every
 * caller handles one type.
 */
export function companyList<T extends z.ZodType>(item: T) {
  return z.array(z.unknown()).transform((items) =>
    items.map((raw): z.output<T> | InvalidCompany => {
      if (typeof raw === "string") return { CompanyNumber: raw } as z.output<T>;
      const parsed = item.safeParse(raw);
      return parsed.success ? parsed.data : invalidCompany(raw, parsed.error);
    }),
  );
}

const bandCount = named(
  { Band: ["Label", "Name", "Range"] },
  z.looseObject({ Band: lenient(z.string()), Count: lenient(z.number()) }),
);
const codeCount = named(
  { Code: ["Id", "Key"], Description: ["Name", "Label"] },
  z.looseObject({ Code: lenient(z.string()), Description: lenient(z.string()), Count: lenient(z.number()) }),
);

/** INFERRED (CONTRACT-CHOICES.md `insights` fields), in any case; a chart the service did not send stays absent. */
export const InsightsSchema = named(
  {
    TotalCompanies: ["Total", "TotalCount", "Count"],
    CompaniesByRTIC: ["ByRTIC", "RTICs"],
    CompaniesByNation: ["ByNation", "Nations"],
    TurnoverBands: [],
    EmployeeBands: [],
  },
  z.looseObject({
    TotalCompanies: lenient(z.number()),
    CompaniesByRTIC: optionalList(codeCount),
    TurnoverBands: optionalList(bandCount),
    EmployeeBands: optionalList(bandCount),
    CompaniesByNation: optionalList(
      named({ Nation: ["Name"] }, z.looseObject({ Nation: lenient(z.string()), Count: lenient(z.number()) })),
    ),
  }),
);

/** INFERRED (CONTRACT-CHOICES.md `CompanyChanges` items). */
export const CompanyChangeSchema = z.looseObject({
  CompanyNumber: lenient(z.string()),
  Field: lenient(z.string()),
  OldValue: z.unknown().optional(),
  NewValue: z.unknown().optional(),
  ChangedAt: lenient(z.string()),
});

/** The job-posting aggregates of the list envelope; each is omitted without scope `jobdata:read`. */
export const JOB_POSTING_AGGREGATES = [
  "JobPostingsBySOC4Code",
  "JobPostingsBySOC4Name",
  "JobPostingsByLotName",
  "AverageAdvertisedSalaryBySOC4Code",
  "AverageAdvertisedSalaryBySOC4Name",
  "AverageAdvertisedSalaryByLotName",
  "JobPostingsBySkill",
  "AveragePostingDurationBySkill",
  "RTICJobPostings",
  "RTICVerticalJobPostings",
  "CICJobPostings",
  "CICVerticalJobPostings",
  "CompanyJobPostingsOverTimeBySOC4",
  "CompanyJobPostingsOverTimeByLOT",
  "JobPostingsByCommonSkill",
  "AveragePostingDurationByCommonSkill",
  "JobPostingsByCertificationsSkill",
  "AveragePostingDurationByCertificationsSkill",
  "JobPostingsBySpecializedSkill",
  "AveragePostingDurationBySpecializedSkill",
  "JobPostingInsights",
  "JobPostingInsightsLOT",
] as const;

/** INFERRED (CONTRACT-CHOICES.md): aggregate items are `{Key, Count?, Value?}`. */
const AggregateItemSchema = z.looseObject({
  Key: lenient(z.union([z.string(), z.number()])),
  Count: lenient(z.number()),
  Value: lenient(z.number()),
});
const aggregates = Object.fromEntries(
  JOB_POSTING_AGGREGATES.map((name) => [name, lenient(z.array(AggregateItemSchema))]),
) as Record<
  (typeof JOB_POSTING_AGGREGATES)[number],
  ReturnType<typeof lenient<z.ZodArray<typeof AggregateItemSchema>>>
>;

/** `FilteredCompaniesResponseBody`: the list envelope of `POST /v2/companies`, classify and explore lists. */
export const ListEnvelopeSchema = z.looseObject({
  companies: companyList(ClassifiedCompanySchema),
  insights: lenient(InsightsSchema),
  CompanyChanges: lenient(z.array(CompanyChangeSchema)),
  ...aggregates,
});
export type ListEnvelope = z.infer<typeof ListEnvelopeSchema>;

/** INFERRED (CONTRACT-CHOICES.md "Classify scores"): classify adds a `Score` (0–1) to each company, best first. */
export const ScoredCompanySchema = ClassifiedCompanySchema.extend({ Score: lenient(z.number()) });
export const ClassifyEnvelopeSchema = ListEnvelopeSchema.extend({ companies: companyList(ScoredCompanySchema) });
export type ClassifyEnvelope = z.infer<typeof ClassifyEnvelopeSchema>;

/** The website batch envelope. */
export const WebsiteEnvelopeSchema = z.looseObject({
  matchcount: z.number().int().nullish(),
  companies: companyList(ClassifiedCompanySchema),
});
export type WebsiteEnvelope = z.infer<typeof WebsiteEnvelopeSchema>;

/**
 * A list envelope for operations whose envelope is INFERRED: the companies under `companies`, any
 * common envelope key, or a bare array; unknown fields kept. A body without a list is left alone
 * for the schema to refuse.
 */
export function readCompaniesEnvelope(body: unknown, countNames: readonly string[]): unknown {
  const companies = listIn(body, "companies", "Companies", "Hits");
  if (!companies) return body;
  const rest = isObject(body) ? body : {};
  const count = isObject(body) ? valueOf(body, ...countNames) : undefined;
  return { ...rest, companies, ...(count !== undefined ? { [countNames[0]!]: count } : {}) };
}

/** INFERRED (CONTRACT-CHOICES.md): `GET /v2/companies/by-website` sends the batch envelope, or a bare array, or another envelope. */
export const WebsitePageSchema = z.preprocess(
  (body) => readCompaniesEnvelope(body, ["matchcount", "MatchCount", "Count", "Total"]),
  WebsiteEnvelopeSchema,
);

/** INFERRED (CONTRACT-CHOICES.md): the list of `GET /v2/explore/{listId}`, in the list envelope or another one. */
export const ExploreListSchema = z.preprocess(
  (body) => readCompaniesEnvelope(body, ["TotalCount", "Total", "Count"]),
  ListEnvelopeSchema,
);

/** `GroupStructureDetails`: one row of `GET /v2/companies/{n}/group-structure`. */
export const GroupStructureRowSchema = z.looseObject({
  CanBeConsolidated: z.boolean().nullish(),
  ConsolidatedAccountsCompanyName: z.string().nullish(),
  ConsolidatedAccountsCompanyNumber: z.string().nullish(),
  IsLikelyDistinctBrand: z.boolean().nullish(),
  IsSubGroup: z.boolean().nullish(),
  IsSubsidiaryCompanyWebsiteInheritedFromGroupStructure: z.boolean().nullish(),
  ParentCompanyName: z.string().nullish(),
  ParentCompanyNumber: z.string().nullish(),
  SubsidiaryCompanyLevel: z.number().int().nullish(),
  SubsidiaryCompanyName: z.string().nullish(),
  SubsidiaryCompanyNumber: z.string().nullish(),
  SubsidiaryCompanyWebsite: z.string().nullish(),
  TypeOfAccounts: z.string().nullish(),
  UltimateParentCompanyName: z.string().nullish(),
  UltimateParentCompanyNumber: z.string().nullish(),
});
export const GroupStructureSchema = z.array(GroupStructureRowSchema);
export type GroupStructureRow = z.infer<typeof GroupStructureRowSchema>;

const AHEAD_HIT_NAMES = {
  CompanyNumber: ["Number", "Id"],
  CompanyName: ["Name", "Title"],
  CompanyStatus: ["Status"],
  RegisteredPostcode: ["Postcode"],
  IncorporationDate: ["Incorporated"],
  Homepage_domain: ["HomepageDomain", "Domain", "Website"],
} as const;

/**
 * INFERRED (CONTRACT-CHOICES.md): the type-ahead hits of `GET /v2/search/aheadFull/{n}`, read from
 * `{Count, Companies}`, `{TotalHits, Hits}`, other envelopes or a bare array, in any case. `Count`
 * stays undefined when the service does not say it.
 */
export const SearchAheadSchema = z.preprocess(
  (body) => {
    const hits = listIn(body, "Companies", "Hits", "Matches");
    if (!hits) return body;
    const count = isObject(body) ? valueOf(body, "Count", "TotalHits", "Total", "TotalCount") : undefined;
    return { ...(isObject(body) ? body : {}), Count: count, Companies: hits };
  },
  z.looseObject({
    Count: lenient(z.number()),
    Companies: requiredList(
      named(
        AHEAD_HIT_NAMES,
        z.looseObject({
          CompanyNumber: lenient(z.string()),
          CompanyName: lenient(z.string()),
          CompanyStatus: lenient(z.string()),
          RegisteredPostcode: lenient(z.string()),
          IncorporationDate: lenient(z.string()),
          Homepage_domain: lenient(z.string()),
          CompanyChanges: lenient(z.array(CompanyChangeSchema)),
        }),
      ),
    ),
  }),
);
export type SearchAhead = z.infer<typeof SearchAheadSchema>;

/**
 * INFERRED (CONTRACT-CHOICES.md): `GET /v2/classification/list-summary`, in any case. A count the
 * service did not send is undefined — unknown, never 0 — and so is a chart it did not send.
 * `CompanyCount` beside a cutoff is read as the companies at or above it.
 */
export const ListSummarySchema = named(
  {
    ModelCode: ["Model", "Code"],
    TotalScored: ["Scored", "TotalCompanies", "Total"],
    CompaniesAboveCutoff: ["AboveCutoff", "CompanyCount", "Count", "Matches"],
    ScoreDistribution: ["Distribution", "Scores", "Histogram"],
    CompaniesByRTIC: ["ByRTIC", "RTICs"],
    TurnoverBands: [],
    EmployeeBands: [],
  },
  z.looseObject({
    ModelCode: lenient(z.string()),
    Cutoff: lenient(z.number()),
    TotalScored: lenient(z.number()),
    CompaniesAboveCutoff: lenient(z.number()),
    ScoreDistribution: optionalList(
      named(
        { From: ["Min", "Low"], To: ["Max", "High"] },
        z.looseObject({ From: lenient(z.number()), To: lenient(z.number()), Count: lenient(z.number()) }),
      ),
    ),
    CompaniesByRTIC: optionalList(codeCount),
    TurnoverBands: optionalList(bandCount),
    EmployeeBands: optionalList(bandCount),
  }),
);
export type ListSummary = z.infer<typeof ListSummarySchema>;

/** INFERRED (CONTRACT-CHOICES.md): the request field each product filter group feeds, and other names for it. */
export const PRODUCT_FILTER_GROUPS: FilterFieldAliases = {
  rtics: ["RTICs", "RTIC", "RealTimeIndustryClassifications"],
  cics: ["CICs", "CIC", "CustomClassifications"],
  SICs: ["SIC", "SICCodes", "SIC2007", "SIC2007Codes"],
  CompanyStatus: ["CompanyStatuses", "Statuses", "Status"],
  PostcodeAreas: ["PostcodeArea", "Postcodes"],
  Nations: ["Nation", "Countries"],
};

/** One curated list, as the explore catalogue or the filter catalogue names it. */
const ExploreListEntrySchema = z.preprocess(
  (entry) => (typeof entry === "string" ? { ListId: entry } : entry),
  named(
    { ListId: ["Id", "Key", "Slug"], Name: ["Title", "Label"], CompanyCount: ["Count", "Size", "Companies"] },
    z.looseObject({
      ListId: z.string().min(1),
      Name: lenient(z.string()),
      Description: lenient(z.string()),
      CompanyCount: lenient(z.number()),
    }),
  ),
);
export type ExploreListEntry = z.infer<typeof ExploreListEntrySchema>;

/**
 * INFERRED (CONTRACT-CHOICES.md): `GET /v2/filters`, as a list of groups or keyed by group
 * (lenient.ts readFilterCatalogue). A catalogue may also list the explore lists (`ExploreLists`).
 */
export const ProductFiltersSchema = z.preprocess(
  (body) => readFilterCatalogue(body, PRODUCT_FILTER_GROUPS, ["ExploreLists", "Lists"]),
  named(
    { ExploreLists: ["Lists"] },
    z.looseObject({ Filters: z.array(FilterGroupSchema), ExploreLists: optionalList(ExploreListEntrySchema) }),
  ),
);
export type ProductFilters = z.infer<typeof ProductFiltersSchema>;

/** INFERRED (CONTRACT-CHOICES.md): the catalogue `GET /v2/explore`, as `{Lists}`, another envelope or a bare array. */
export const ExploreCatalogueSchema = z.preprocess(
  (body) => {
    const lists = listIn(body, "Lists", "ExploreLists");
    return lists ? { ...(isObject(body) ? body : {}), Lists: lists } : body;
  },
  z.looseObject({ Lists: requiredList(ExploreListEntrySchema) }),
);
export type ExploreCatalogue = z.infer<typeof ExploreCatalogueSchema>;

/** INFERRED (CONTRACT-CHOICES.md): 201 answer of `POST /v2/companies/number-sets`. */
export const NumberSetSchema = z.looseObject({
  CompanyNumberSetId: z.string().min(1),
  Count: lenient(z.number()),
  ExpiresAt: lenient(looseIsoDate()),
});
export type NumberSet = z.infer<typeof NumberSetSchema>;
