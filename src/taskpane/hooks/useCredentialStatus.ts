/** A service's sign-in status, kept current as credentials are saved, cleared or refused anywhere in the runtime. */
import { useEffect } from "react";
import type { ServiceName } from "@ukco/api/credentials";
import type { CredentialStatus } from "@ukco/core/credentials";
import { maskSecret } from "../mask";
import { useRuntime } from "../runtime-context";
import { useAnswer } from "./useLookup";

export interface ShownStatus extends CredentialStatus {
  /** The stored credential, masked (never the credential itself). */
  masked?: string;
}

export function useCredentialStatus(service: ServiceName): ShownStatus | undefined {
  const { credentials } = useRuntime();
  const { state, retry } = useAnswer(service, async (asked: ServiceName): Promise<ShownStatus> => {
    const [next, token] = await Promise.all([credentials.status(asked), credentials.getToken(asked)]);
    return { ...next, ...(token ? { masked: maskSecret(token) } : {}) };
  });
  // Read again when this service's credential changes; the status shown stays until the new one is read.
  useEffect(
    () => credentials.onChange((changed) => changed === service && void retry()),
    [credentials, service, retry],
  );
  return state.status === "done" ? state.result : state.status === "loading" ? state.previous : undefined;
}
