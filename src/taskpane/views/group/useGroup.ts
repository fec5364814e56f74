/** The group structure of one company, fetched from the product API and built into a tree from its ultimate parent. */
import { useCallback, useRef, useState } from "react";
import { NotFoundError } from "../../../core/errors";
import { buildGroupTree, type GroupTree } from "../../../core/import/group-tree";
import { useRuntime } from "../../runtime-context";

export type GroupState =
  | { status: "idle" }
  | { status: "loading"; number: string }
  | { status: "ready"; number: string; tree: GroupTree; loadMs: number }
  | { status: "failed"; number: string; error: unknown };

export function useGroup(): [GroupState, (number: string) => void] {
  const { clients } = useRuntime();
  const [state, setState] = useState<GroupState>({ status: "idle" });
  const latest = useRef<AbortController | undefined>(undefined);
  const load = useCallback(
    (number: string) => {
      latest.current?.abort();
      const stop = new AbortController();
      latest.current = stop;
      setState({ status: "loading", number });
      const started = performance.now();
      clients.product.groupStructure(number, { signal: stop.signal }).then(
        (rows) => {
          if (stop.signal.aborted) return;
          const tree = buildGroupTree(rows);
          if (!tree)
            setState({
              status: "failed",
              number,
              error: new NotFoundError(`${number} belongs to no group the product API knows.`),
            });
          else setState({ status: "ready", number, tree, loadMs: Math.round(performance.now() - started) });
        },
        (error: unknown) => !stop.signal.aborted && setState({ status: "failed", number, error }),
      );
    },
    [clients],
  );
  return [state, load];
}
