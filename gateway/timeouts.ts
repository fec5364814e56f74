/** How long the gateway waits for a service's answer to one call before it answers 504. */

/** The contract asks a client to wait "at least 60 to 120 seconds" for a single match: its upper figure. */
export const MATCH_TIMEOUT_MS = 120_000;
/** Every other operation (product, classification and its login, multi-market, batch jobs): a minute at most. */
export const OPERATION_TIMEOUT_MS = 60_000;
