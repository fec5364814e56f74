/**
 * The values of the API layer that the functions, the pane and the host use: service labels, the
 * contract's limits and catalogues, the error classes they tell apart, and the clients' factory.
 * They import api/ types only (.dependency-cruiser.cjs), so what they take from it as values is
 * listed here, in one place.
 */
export {
  ApiError,
  AuthRequiredError,
  checkMatchingKey,
  COMPANY_FIELDS,
  createApiClients,
  HttpError,
  MarketCompanyFieldsSchema,
  MARKETS,
  MATCHING_KEY_PREFIX,
  MAX_RETURN_COUNT,
  pageWebsite,
  SEARCH_LIMIT,
  SERVICE_LABELS,
  SERVICE_NAMES,
  systemClock,
} from "@ukco/api";
