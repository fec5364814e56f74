/** Which credential each client asks for; the host decides where credentials live (never the workbook). */

export type ServiceName = "product" | "matching" | "classification" | "market";

export const SERVICE_NAMES: readonly ServiceName[] = ["product", "matching", "classification", "market"];

/** Why a client tells the source a credential is no good. */
export type InvalidationReason =
  /** The service answered 401. */
  | "rejected"
  /** A login token whose `exp` has passed, found before sending. */
  | "expired"
  /** The stored value is not the kind of credential this service takes (e.g. a login JWT for matching). */
  | "wrong-kind";

export interface CredentialSource {
  /** The credential for exactly this service, or undefined when the user has not given one. */
  getToken(service: ServiceName): Promise<string | undefined>;
  /** Tells the source the credential was refused, so the host can prompt the user again. */
  invalidate(service: ServiceName, reason: InvalidationReason): Promise<void> | void;
}

/** Human names used in error messages. */
export const SERVICE_LABELS: Readonly<Record<ServiceName, string>> = {
  product: "product API",
  matching: "matching service",
  classification: "classification service",
  market: "multi-market service",
};
