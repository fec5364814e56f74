/** The product API v2 client: one method per documented (or CONTRACT-CHOICES inferred) operation. */
import type { z } from "zod";
import type { RequestSpec } from "../http/request";
import type { Transport } from "../http/transport";
import type { Answer, CallOptions } from "../http/types";
import { LazyListEnvelopeSchema, type LazyListEnvelope } from "./lazy-company";
import { checkInput } from "../input";
import {
  ClassifyRequestSchema,
  CompaniesQuerySchema,
  ListSummaryRequestSchema,
  NumberSetRequestSchema,
  PagingSchema,
  PathSegmentSchema,
  WebsiteBatchRequestSchema,
  WebsiteRequestSchema,
  type ClassifyRequest,
  type CompaniesQuery,
  type ListSummaryRequest,
  type Paging,
  type WebsiteBatchRequest,
  type WebsiteRequest,
} from "./requests";
import {
  ClassifyEnvelopeSchema,
  ExploreCatalogueSchema,
  ExploreListSchema,
  GroupStructureSchema,
  ListEnvelopeSchema,
  ListSummarySchema,
  NumberSetSchema,
  ProductFiltersSchema,
  SearchAheadSchema,
  WebsiteEnvelopeSchema,
  WebsitePageSchema,
  type ClassifyEnvelope,
  type ExploreCatalogue,
  type GroupStructureRow,
  type ListEnvelope,
  type ListSummary,
  type NumberSet,
  type ProductFilters,
  type SearchAhead,
  type WebsiteEnvelope,
} from "./responses";

/** Default time-outs. The product POSTs are reads that can aggregate large sets, hence the longer one. */
export const PRODUCT_TIMEOUTS = { readMs: 30_000, listMs: 60_000, uploadMs: 120_000 };

/** INFERRED (CONTRACT-CHOICES.md): path of the company-number set upload. */
export const NUMBER_SET_PATH = "/v2/companies/number-sets";
/** INFERRED (CONTRACT-CHOICES.md): path of the explore catalogue. */
export const EXPLORE_CATALOGUE_PATH = "/v2/explore";

export interface ProductClient {
  listCompanies(query: CompaniesQuery, options?: CallOptions): Promise<ListEnvelope>;
  /** `listCompanies` with each record checked only shallowly; read its fields with `readCompanyField` (lazy-company.ts). */
  listCompanyRecords(query: CompaniesQuery, options?: CallOptions): Promise<LazyListEnvelope>;
  /** `listCompanyRecords` with the answer's headers and the fields its records were cut to (`options.fields`). */
  readCompanyRecords(query: CompaniesQuery, options?: CallOptions): Promise<Answer<LazyListEnvelope>>;
  uploadCompanyNumberSet(companyNumbers: readonly string[], options?: CallOptions): Promise<NumberSet>;
  classify(request: ClassifyRequest, options?: CallOptions): Promise<ClassifyEnvelope>;
  companiesByWebsiteBatch(request: WebsiteBatchRequest, options?: CallOptions): Promise<WebsiteEnvelope>;
  companiesByWebsite(request: WebsiteRequest, options?: CallOptions): Promise<WebsiteEnvelope>;
  groupStructure(companyNumber: string, options?: CallOptions): Promise<GroupStructureRow[]>;
  searchAhead(companyNumber: string, options?: CallOptions): Promise<SearchAhead>;
  listSummary(request: ListSummaryRequest, options?: CallOptions): Promise<ListSummary>;
  filters(options?: CallOptions): Promise<ProductFilters>;
  exploreCatalogue(options?: CallOptions): Promise<ExploreCatalogue>;
  exploreList(listId: string, paging?: Paging, options?: CallOptions): Promise<ListEnvelope>;
}

export function createProductClient(transport: Transport, timeouts = PRODUCT_TIMEOUTS): ProductClient {
  const segment = (value: string, name: string): string =>
    encodeURIComponent(checkInput("product", PathSegmentSchema, value, name));
  const get = <S extends z.ZodType>(
    operation: string,
    path: string,
    schema: S,
    query: RequestSpec<S>["query"],
    options?: CallOptions,
  ) =>
    transport.send(
      {
        operation: `product.${operation}`,
        method: "GET",
        path,
        query,
        schema,
        timeoutMs: timeouts.readMs,
        idempotent: true,
      },
      options,
    );
  // The product POSTs are reads (filters in the body), so resending them after a network failure is safe.
  const postSpec = <S extends z.ZodType>(
    operation: string,
    path: string,
    json: unknown,
    schema: S,
    query?: RequestSpec<S>["query"],
  ): RequestSpec<S> => ({
    operation: `product.${operation}`,
    method: "POST",
    path,
    json,
    query,
    schema,
    timeoutMs: timeouts.listMs,
    idempotent: true,
  });
  const post = <S extends z.ZodType>(
    operation: string,
    path: string,
    json: unknown,
    schema: S,
    options?: CallOptions,
    query?: RequestSpec<S>["query"],
  ) => transport.send(postSpec(operation, path, json, schema, query), options);
  const readCompanyRecords = (query: CompaniesQuery, options?: CallOptions) => {
    const { insights, ...body } = checkInput("product", CompaniesQuerySchema, query);
    return transport.answer(
      postSpec("listCompanies", "/v2/companies", body, LazyListEnvelopeSchema, { insights }),
      options,
    );
  };

  return {
    async listCompanies(query, options) {
      const { insights, ...body } = checkInput("product", CompaniesQuerySchema, query);
      return post("listCompanies", "/v2/companies", body, ListEnvelopeSchema, options, { insights });
    },
    async listCompanyRecords(query, options) {
      return (await readCompanyRecords(query, options)).data;
    },
    readCompanyRecords,
    async uploadCompanyNumberSet(companyNumbers, options) {
      const body = checkInput("product", NumberSetRequestSchema, { CompanyNumbers: companyNumbers });
      const spec = {
        operation: "product.uploadCompanyNumberSet",
        method: "POST",
        path: NUMBER_SET_PATH,
        json: body,
        schema: NumberSetSchema,
      } as const;
      // Not idempotent: a resend after a lost answer would create a second set.
      return transport.send({ ...spec, timeoutMs: timeouts.uploadMs, idempotent: false }, options);
    },
    async classify(request, options) {
      return post(
        "classify",
        "/v2/classification/classify",
        checkInput("product", ClassifyRequestSchema, request),
        ClassifyEnvelopeSchema,
        options,
      );
    },
    async companiesByWebsiteBatch(request, options) {
      const body = checkInput("product", WebsiteBatchRequestSchema, request);
      return post("companiesByWebsiteBatch", "/v2/companies/by-website/batch", body, WebsiteEnvelopeSchema, options);
    },
    async companiesByWebsite(request, options) {
      const query = checkInput("product", WebsiteRequestSchema, request);
      return get("companiesByWebsite", "/v2/companies/by-website", WebsitePageSchema, query, options);
    },
    async groupStructure(companyNumber, options) {
      return get(
        "groupStructure",
        `/v2/companies/${segment(companyNumber, "companyNumber")}/group-structure`,
        GroupStructureSchema,
        undefined,
        options,
      );
    },
    async searchAhead(companyNumber, options) {
      return get(
        "searchAhead",
        `/v2/search/aheadFull/${segment(companyNumber, "companyNumber")}`,
        SearchAheadSchema,
        undefined,
        options,
      );
    },
    async listSummary(request, options) {
      const query = checkInput("product", ListSummaryRequestSchema, request);
      return get("listSummary", "/v2/classification/list-summary", ListSummarySchema, query, options);
    },
    async filters(options) {
      return get("filters", "/v2/filters", ProductFiltersSchema, undefined, options);
    },
    async exploreCatalogue(options) {
      return get("exploreCatalogue", EXPLORE_CATALOGUE_PATH, ExploreCatalogueSchema, undefined, options);
    },
    async exploreList(listId, paging = {}, options) {
      const query = checkInput("product", PagingSchema, paging);
      return get("exploreList", `/v2/explore/${segment(listId, "listId")}`, ExploreListSchema, query, options);
    },
  };
}
