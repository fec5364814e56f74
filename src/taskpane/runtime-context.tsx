/**
 * The shared runtime for the pane's components: the same configuration, credentials, clients
 * (and their governors) and engine the custom functions use. Saving service URLs rebuilds the
 * clients, so the pane asks for the runtime again (`reload`).
 */
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { getRuntime, type Runtime } from "../host/runtime";

type RuntimeState = { status: "loading" } | { status: "ready"; runtime: Runtime } | { status: "error"; error: unknown };

interface RuntimeContextValue {
  state: RuntimeState;
  reload(): void;
}

const RuntimeContext = createContext<RuntimeContextValue>({ state: { status: "loading" }, reload: () => undefined });

export function RuntimeProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<RuntimeState>({ status: "loading" });
  const [generation, setGeneration] = useState(0);
  useEffect(() => {
    let live = true;
    getRuntime().then(
      (runtime) => live && setState({ status: "ready", runtime }),
      (error: unknown) => live && setState({ status: "error", error }),
    );
    return () => {
      live = false;
    };
  }, [generation]);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  return <RuntimeContext.Provider value={{ state, reload }}>{children}</RuntimeContext.Provider>;
}

export function useRuntimeState(): RuntimeContextValue {
  return useContext(RuntimeContext);
}

/** The runtime, for components rendered only once it is ready (the shell guarantees that). */
export function useRuntime(): Runtime {
  const { state } = useContext(RuntimeContext);
  if (state.status !== "ready") throw new Error("The pane's runtime is not ready yet.");
  return state.runtime;
}
