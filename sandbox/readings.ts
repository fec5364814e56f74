import type { Reply, RequestContext } from "./http/types";
import { isObject } from "./http/types";
import { getExploreCatalogue } from "./product/explore-lists";
import { PLAIN_RECORDS, type RecordForm, RecordList } from "./product/record-cache";
import type { ServiceName } from "./rate-limit";
import type { Dataset } from "./data/dataset";

/**
 * Two readings of the parts the contracts leave "not shown". `contract` answers as
 * docs/CONTRACT-CHOICES.md chose; `alt` answers every one of them in another plausible form, as an
 * independent implementation of the same contracts might, and has none of the three operations
 * whose paths the add-in guessed (the multi-market batch, the explore catalogue, the number-set
 * upload). Shapes the contracts do show are the same in both.
 *
 * The alt reading is one table: per operation, a presenter that rewrites the contract reading's
 * answer, or ABSENT for an operation that does not exist. Services look their route up here.
 */
export type Reading = "contract" | "alt";
export const READINGS: readonly Reading[] = ["contract", "alt"];

export const ABSENT = "absent";
/** What a presenter reads of the sandbox: its data (the state holds the readings, so they take no more of it). */
type SandboxData = { readonly ds: Dataset };
type Presenter = (body: unknown, req: RequestContext, state: SandboxData) => unknown;

type Json = Record<string, unknown>;
const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asObject = (value: unknown): Json => (isObject(value) ? value : {});
const camel = (name: string) =>
  name.charAt(0).toLowerCase() + name.slice(1).replace(/_([a-z])/g, (_, c) => c.toUpperCase());

/** Every key of an object (not nested) in camelCase. */
function camelKeys(value: unknown): unknown {
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [camel(k), v]));
}

/** Filter groups keyed by a name of their own, with values in the form each group's key gets. */
const ALT_FILTER_GROUPS: Readonly<Record<string, { key: string; value: (v: Json) => unknown }>> = {
  rtics: { key: "RTICs", value: (v) => ({ Code: v.Code, Name: v.Description, Vertical: "Sample vertical" }) },
  cics: { key: "CICs", value: (v) => ({ code: v.Code, label: v.Description }) },
  SICs: { key: "SICs", value: (v) => v.Code },
  CompanyStatus: { key: "CompanyStatuses", value: (v) => v.Code },
  PostcodeAreas: { key: "PostcodeAreas", value: (v) => v.Code },
  Nations: { key: "Nations", value: (v) => v.Code },
};

/** Fields that make a record look like another implementation's: extra links, RTIC items in camelCase. */
function altRecord(record: unknown): unknown {
  if (!isObject(record)) return record;
  const rtics = Array.isArray(record.RTICs)
    ? record.RTICs.map((r) => {
        const item = asObject(r);
        return { code: item.Code, name: item.Description, score: item.Score ?? null };
      })
    : record.RTICs;
  return { ...record, RTICs: rtics, Links: { self: `/v2/companies/${String(record.CompanyNumber)}` } };
}

const ALT_RECORDS: RecordForm = { name: "alt", present: altRecord };

/** Records in the alt form: a cached page changes form (its records are cached per form), a plain list is mapped. */
const altRecords = (value: unknown): unknown =>
  value instanceof RecordList ? value.as(ALT_RECORDS) : asList(value).map(altRecord);
const countOf = (value: unknown): number => (value instanceof RecordList ? value.length : asList(value).length);

/** The explore lists, named in the filter catalogue where the alt reading has no explore catalogue. */
const exploreLists = (state: SandboxData) => asList(asObject(getExploreCatalogue(state).body).Lists);

function altFilters(): Presenter {
  return (body, _req, state) => {
    const out: Json = {};
    for (const group of asList(asObject(body).Filters)) {
      const g = asObject(group);
      const alt = ALT_FILTER_GROUPS[String(g.Field)];
      if (alt) out[alt.key] = asList(g.Values).map((v) => alt.value(asObject(v)));
    }
    return { ...out, ExploreLists: exploreLists(state), GeneratedAt: "2026-11-01T00:00:00Z" };
  };
}

const PRODUCT_ROUTES: Record<string, Presenter | typeof ABSENT> = {
  "GET /v2/filters": altFilters(),
  "GET /v2/explore": ABSENT,
  "POST /v2/companies/number-sets": ABSENT,
  "GET /v2/explore/:listId": (body) => {
    const companies = asObject(body).companies;
    return { data: altRecords(companies), total: countOf(companies), meta: { source: "alt" } };
  },
  "GET /v2/search/aheadFull/:companyNumber": (body, req) => {
    const answer = asObject(body);
    return {
      Query: req.params.companyNumber,
      TotalHits: answer.Count,
      Hits: asList(answer.Companies).map((hit) => {
        const { Homepage_domain: domain, ...rest } = asObject(hit);
        return { ...asObject(camelKeys(rest)), homepageDomain: domain ?? null };
      }),
    };
  },
  "GET /v2/classification/list-summary": (body) => {
    const s = asObject(body);
    return {
      ModelCode: s.ModelCode,
      Cutoff: s.Cutoff,
      CompanyCount: s.CompaniesAboveCutoff,
      scoreDistribution: asList(s.ScoreDistribution).map(camelKeys),
      rtics: asList(s.CompaniesByRTIC).map(camelKeys),
    };
  },
  "GET /v2/companies/by-website": (body) => altRecords(asObject(body).companies),
  // The batch envelope is shown ({matchcount, companies}); only the records' inferred parts differ.
  "POST /v2/companies/by-website/batch": (body) => {
    const answer = asObject(body);
    return { ...answer, companies: altRecords(answer.companies) };
  },
  "POST /v2/companies": (body) => {
    const answer = asObject(body);
    const insights = isObject(answer.insights)
      ? Object.fromEntries(
          Object.entries(answer.insights).map(([k, v]) => [camel(k), Array.isArray(v) ? v.map(camelKeys) : v]),
        )
      : answer.insights;
    return { ...answer, companies: altRecords(answer.companies), insights, meta: { reading: "alt" } };
  },
};

const MATCHING_ROUTES: Record<string, Presenter | typeof ABSENT> = {
  "GET /api/v1/match/batch/:jobId/results": (body) => {
    const { results, ...rest } = asObject(body);
    return { ...rest, data: results };
  },
  "GET /api/v1/match/batch/:jobId": (body) => ({ ...asObject(body), queue_position: 0 }),
};

const MARKET_ROUTES: Record<string, Presenter | typeof ABSENT> = {
  "POST /v1/:market/companies/batch": ABSENT,
  "GET /v1/:market/filters": (body) => {
    const answer = asObject(body);
    const groups = asList(answer.Filters).map(asObject);
    const values = (field: string) => asList(groups.find((g) => g.Field === field)?.Values).map(asObject);
    return {
      Market: answer.Market,
      NAICS: values("NAICS").map((v) => ({ code: v.Code, label: v.Description })),
      Locations: values("Locations").map((v) => v.Code),
    };
  },
  "GET /v1/:market/search": (body) => asList(asObject(body).Companies).map(camelKeys),
};

/** Error bodies of the alt reading: the product API nests its message, matching and classification say `message`. */
function altError(service: ServiceName, body: unknown): unknown {
  const b = asObject(body);
  if (service === "product" && typeof b.message === "string" && !b.errors)
    return { error: { code: "error", message: b.message } };
  if ((service === "matching" || service === "classification") && typeof b.detail === "string")
    return { message: b.detail };
  return body;
}

const ALT_ROUTES: Record<ServiceName, Record<string, Presenter | typeof ABSENT>> = {
  product: PRODUCT_ROUTES,
  matching: MATCHING_ROUTES,
  market: MARKET_ROUTES,
  classification: {},
};

export class Readings {
  constructor(
    readonly reading: Reading,
    private readonly state: SandboxData,
  ) {}

  /**
   * The form list operations show records in, so pages are cached (and warmed) in it. Every
   * operation that pages records has the same alt rewrite of them.
   */
  get recordForm(): RecordForm {
    return this.reading === "alt" ? ALT_RECORDS : PLAIN_RECORDS;
  }

  /**
   * Runs a matched route in this reading: the service's own "no route" answer where the reading
   * has no such operation, else the handler's answer, rewritten where the reading says so.
   */
  async route(
    service: ServiceName,
    pattern: string,
    req: RequestContext,
    handler: (req: RequestContext) => Reply | Promise<Reply>,
    noRoute: () => Reply,
  ): Promise<Reply> {
    const presenter = this.reading === "alt" ? ALT_ROUTES[service][`${req.method} ${pattern}`] : undefined;
    if (presenter === ABSENT) return noRoute();
    const reply = await handler(req);
    if (!presenter || reply.status >= 300 || reply.body === undefined) return reply;
    return { ...reply, body: presenter(reply.body, req, this.state) };
  }

  /** An error answer (any service, any cause, injected faults too) in this reading's words. */
  error(service: ServiceName, reply: Reply): Reply {
    if (this.reading !== "alt" || reply.status < 300 || reply.body === undefined) return reply;
    return { ...reply, body: altError(service, reply.body) };
  }
}
