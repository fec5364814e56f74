/** A service's sign-in status, kept current as credentials are saved, cleared or refused anywhere in the runtime. */
import { useEffect, useState } from "react";
import type { ServiceName } from "../../api/credentials";
import type { CredentialStatus } from "../../core/credentials";
import { maskSecret } from "../mask";
import { useRuntime } from "../runtime-context";

export interface ShownStatus extends CredentialStatus {
  /** The stored credential, masked (never the credential itself). */
  masked?: string;
}

export function useCredentialStatus(service: ServiceName): ShownStatus | undefined {
  const { credentials } = useRuntime();
  const [status, setStatus] = useState<ShownStatus>();
  useEffect(() => {
    let live = true;
    const load = async () => {
      const [next, token] = await Promise.all([credentials.status(service), credentials.getToken(service)]);
      if (live) setStatus({ ...next, ...(token ? { masked: maskSecret(token) } : {}) });
    };
    void load();
    const stop = credentials.onChange((changed) => changed === service && void load());
    return () => {
      live = false;
      stop();
    };
  }, [credentials, service]);
  return status;
}
