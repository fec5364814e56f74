/**
 * The API layer's public face: the factory, the clients' types, the schemas, the errors. The pane
 * and the host import its types only; the few values they need come through core/api-values.ts.
 */
export { createApiClients, DEFAULT_LIMITS, type ApiClients, type ApiClientsOptions, type ApiTimeouts } from "./factory";
export {
  SERVICE_LABELS,
  SERVICE_NAMES,
  type CredentialSource,
  type InvalidationReason,
  type ServiceName,
} from "./credentials";
export {
  systemClock,
  type CallOptions,
  type Clock,
  type FetchLike,
  type RandomSource,
  type WaitInfo,
} from "./http/types";
export {
  AbortedError,
  ApiError,
  AuthRequiredError,
  HttpError,
  NetworkError,
  RateLimitedError,
  SchemaError,
  TimeoutError,
  UnreadableBodyError,
  ValidationError,
  type ApiErrorKind,
  type UnreadableBody,
  type AuthProblem,
  type FieldError,
  type HttpErrorCode,
  type ProblemDetails,
} from "./http/errors";
export { Governor, RATE_WINDOW_MS, type GovernorLimits, type GovernorSnapshot, type Permit } from "./http/governor";
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from "./http/retry";
export { inlineBodyReader, parseAndCut, readBytes, type BodyReader, type ReadBody } from "./http/body-reader";
export {
  INLINE_BELOW_BYTES,
  workerBodyReader,
  type BodyWorker,
  type WorkerBodyReaderOptions,
} from "./http/worker-body-reader";
export { walkPages, type Page, type PagingOptions } from "./paging";
export { looksLikeJwt, readJwtExpiry } from "./jwt";

export * from "./product/client";
export * from "./product/company";
export * from "./product/requests";
export * from "./product/responses";
export * from "./product/paging";
export { COMPANY_FIELDS, findCompanyField, type CompanyFieldInfo, type FieldKind } from "./product/fields";

export * from "./matching/client";
export * from "./matching/schemas";
export * from "./matching/batch-runner";
export { checkMatchingKey, MATCHING_KEY_PREFIX } from "./matching/credential";

export * from "./classification/client";
export * from "./classification/schemas";

export * from "./team/client";
export * from "./team/schemas";

export * from "./market/client";
export * from "./market/schemas";
export * from "./market/paging";
