/**
 * The values of the API layer that the pane and the host use: service labels, the contract's
 * limits, the error classes they tell apart, and the clients' factory. They import api/ types only
 * (eslint.config.mjs), so what they take from it as values is listed here, in one place.
 */
export {
  ApiError,
  AuthRequiredError,
  checkMatchingKey,
  createApiClients,
  HttpError,
  MARKETS,
  MATCHING_KEY_PREFIX,
  MAX_RETURN_COUNT,
  pageWebsite,
  SEARCH_LIMIT,
  SERVICE_LABELS,
  SERVICE_NAMES,
  systemClock,
} from "../api";
