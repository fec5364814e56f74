/**
 * In-memory stand-ins for the three clients the engine uses, recording every call. They answer
 * like the services (a company list holds only known numbers; a match may find nothing), so
 * engine tests assert what a user would see without HTTP. The sandbox covers the real wire.
 */
import type { ClassificationClient } from "../../../../src/api/classification/client";
import type { InstantClassificationResult } from "../../../../src/api/classification/schemas";
import type { MatchingClient } from "../../../../src/api/matching/client";
import type { MatchRequest, MatchResult } from "../../../../src/api/matching/schemas";
import type { CallOptions } from "../../../../src/api/http/types";
import type { ProductClient } from "../../../../src/api/product/client";
import type { ListEnvelope } from "../../../../src/api/product/responses";
import type { EngineClients } from "../../../../src/core/engine";
import type { MarketClient } from "../../../../src/api/market/client";

export interface FakeCompany {
  CompanyNumber: string;
  CompanyName: string;
  [field: string]: unknown;
}

export class FakeServices {
  readonly companies = new Map<string, FakeCompany>();
  /** Multi-market companies by `market:number`. */
  readonly marketCompanies = new Map<string, Record<string, unknown>>();
  readonly calls = {
    websites: [] as string[][],
    marketBatch: [] as string[][],
    listCompanies: [] as string[][],
    match: [] as MatchRequest[],
    batch: [] as MatchRequest[][],
    classify: [] as unknown[],
    group: [] as string[],
  };
  /** Scopes the token has; without one, the envelope omits the keys it guards. */
  scopes = new Set(["jobdata:read", "companies:changes"]);
  failNext: Error[] = [];
  /** The fields each company list asked for (`x-ukco-fields`), undefined when it asked for whole records. */
  readonly fieldsAsked: (readonly string[] | undefined)[] = [];
  /**
   * Answers as a team gateway would: each record cut to the fields asked, and this answer header
   * naming the fields kept (given the fields asked); undefined is a gateway that ignores the ask.
   */
  cutTo: ((asked: readonly string[]) => readonly string[]) | undefined;
  /** Reads the answer as the client's body reader does: each record cut to the fields asked, and the answer says so. */
  readerCuts = false;
  /** Holds a company list's answer until the promise it returns settles (answers that come back out of order). */
  hold: ((numbers: readonly string[]) => Promise<void> | undefined) | undefined;

  addCompany(company: FakeCompany): void {
    this.companies.set(company.CompanyNumber, company);
  }

  private maybeFail(): void {
    const failure = this.failNext.shift();
    if (failure) throw failure;
  }

  readonly product = {
    readCompanyRecords: async (query: { CompanyNumbers?: string[] }, options?: CallOptions) => {
      this.calls.listCompanies.push([...(query.CompanyNumbers ?? [])]);
      this.fieldsAsked.push(options?.fields);
      await this.hold?.(query.CompanyNumbers ?? []);
      this.maybeFail();
      const kept = options?.fields && this.cutTo ? new Set(this.cutTo(options.fields)) : undefined;
      const companies = (query.CompanyNumbers ?? []).flatMap((n) => {
        const company = this.companies.get(n);
        if (!company) return [];
        const copy: Record<string, unknown> = { ...company };
        if (!this.scopes.has("jobdata:read")) delete copy.CompanyJobPostings;
        if (kept) for (const field of Object.keys(copy)) if (!kept.has(field)) delete copy[field];
        if (this.readerCuts && options?.fields)
          for (const field of Object.keys(copy)) if (!options.fields.includes(field)) delete copy[field];
        return [copy];
      });
      const envelope: Record<string, unknown> = { companies };
      if (this.scopes.has("jobdata:read")) envelope.JobPostingInsights = null;
      if (this.scopes.has("companies:changes")) envelope.CompanyChanges = [];
      return {
        data: envelope as ListEnvelope,
        headers: new Headers(kept ? { "x-ukco-fields": [...kept].join(",") } : {}),
        ...(this.readerCuts && options?.fields ? { cut: new Set(options.fields) } : {}),
      };
    },
    // The same operation on the wire; this fake never checks records, so every reading is one.
    listCompanies: async (query: { CompanyNumbers?: string[] }, options?: CallOptions) =>
      (await this.product.readCompanyRecords(query, options)).data,
    listCompanyRecords: async (query: { CompanyNumbers?: string[] }, options?: CallOptions) =>
      (await this.product.readCompanyRecords(query, options)).data,
    companiesByWebsiteBatch: async (request: { urls: string[]; skip?: number }) => {
      this.calls.websites.push([...request.urls]);
      this.maybeFail();
      const domains = new Set(request.urls);
      const companies =
        (request.skip ?? 0) > 0
          ? []
          : [...this.companies.values()].filter(
              (c) => typeof c.Homepage_domain === "string" && domains.has(c.Homepage_domain),
            );
      return { matchcount: companies.length, companies };
    },
    groupStructure: async (number: string) => {
      this.calls.group.push(number);
      this.maybeFail();
      return [
        {
          SubsidiaryCompanyLevel: 1,
          SubsidiaryCompanyNumber: "00000002",
          SubsidiaryCompanyName: "CHILD LTD",
          ParentCompanyNumber: number,
        },
        {
          SubsidiaryCompanyLevel: 0,
          SubsidiaryCompanyNumber: number,
          SubsidiaryCompanyName: "PARENT PLC",
          ParentCompanyNumber: "",
        },
      ];
    },
  } as unknown as ProductClient;

  private matchOne(request: MatchRequest): MatchResult {
    const wanted = request.input_name.toUpperCase();
    const company = [...this.companies.values()].find((c) => c.CompanyName.toUpperCase() === wanted);
    return {
      input_name: request.input_name,
      id: request.id,
      matched_company_number: company?.CompanyNumber ?? null,
      matched_company_name: company?.CompanyName,
      matched_registered_postcode: company ? "EH1 1AA" : undefined,
      company_status: company ? "Active" : null,
      rigorous_match: !!company,
      route: company ? "fast" : null,
      confidence: company ? "high" : "none",
    } as MatchResult;
  }

  readonly matching = {
    match: async (request: MatchRequest) => {
      this.calls.match.push(request);
      this.maybeFail();
      return this.matchOne(request);
    },
    runBatch: async (requests: readonly MatchRequest[]) => {
      this.calls.batch.push([...requests]);
      this.maybeFail();
      return {
        jobId: "job-1",
        status: "completed",
        rows: requests.map((input) => ({ input, result: this.matchOne(input) })),
      };
    },
  } as unknown as MatchingClient;

  readonly classification = {
    classify: async (request: { Text?: string; Website?: string }) => {
      this.calls.classify.push(request);
      this.maybeFail();
      const words = (request.Text ?? request.Website ?? "").toLowerCase();
      const software = words.includes("software");
      return {
        RTICs: [
          { Code: software ? "RTIC-0001" : "RTIC-0099", Description: software ? "Software" : "Other", Score: 0.9 },
        ],
        SICs: [
          { Code: "62012", Description: "Business and domestic software development", Score: 0.8 },
          { Code: "62020", Description: "IT consultancy", Score: 0.5 },
        ],
        RSICs: [],
        RNAICs: [],
        SimilarCompanies: [{ CompanyNumber: "00000001", CompanyName: "ACME SOFTWARE LTD", Similarity: 0.7 }],
      } as unknown as InstantClassificationResult;
    },
  } as unknown as ClassificationClient;

  readonly market = {
    batch: async (market: string, numbers: readonly string[]) => {
      this.calls.marketBatch.push(numbers.map((n) => `${market}:${n}`));
      this.maybeFail();
      return {
        Results: numbers.map((n) => ({
          CompanyNumber: n,
          Company: this.marketCompanies.get(`${market}:${n}`) ?? null,
        })),
      };
    },
    // Like the real client's lookup where the service has the batch operation.
    lookup: async (market: string, numbers: readonly string[]) => {
      const answer = await this.market.batch(market as never, numbers);
      return new Map(answer.Results.map((r) => [r.CompanyNumber, r.Company]));
    },
  } as unknown as MarketClient;

  get clients(): EngineClients {
    return { product: this.product, matching: this.matching, classification: this.classification, market: this.market };
  }
}
