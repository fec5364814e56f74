/** The filter catalogue (GET /v2/filters), fetched when the view first shows, with a way to try again. */
import { useCallback, useEffect, useState } from "react";
import type { FilterGroup } from "../../../api/lenient";
import { isFilterField, type FilterField } from "../../../core/import/query";
import { useRuntime } from "../../runtime-context";

export interface PickerGroup {
  field: FilterField;
  name: string;
  values: { code: string; description: string }[];
}

export type CatalogueState =
  { status: "idle" | "loading" } | { status: "ready"; groups: PickerGroup[] } | { status: "failed"; error: unknown };

/** Only groups that feed a field of the request are offered (the request schema would refuse others). */
export function pickerGroups(groups: readonly FilterGroup[]): PickerGroup[] {
  return groups.flatMap((group) =>
    isFilterField(group.Field)
      ? [
          {
            field: group.Field,
            name: group.Name ?? group.Field,
            values: group.Values.flatMap((v) =>
              v.Code ? [{ code: v.Code, description: v.Description ?? v.Code }] : [],
            ),
          },
        ]
      : [],
  );
}

export function useFilterCatalogue(active: boolean): [CatalogueState, () => void] {
  const { clients } = useRuntime();
  const [state, setState] = useState<CatalogueState>({ status: "idle" });
  const load = useCallback(() => {
    setState({ status: "loading" });
    clients.product.filters().then(
      (answer) => setState({ status: "ready", groups: pickerGroups(answer.Filters) }),
      (error: unknown) => setState({ status: "failed", error }),
    );
  }, [clients]);
  useEffect(() => {
    if (active && state.status === "idle") load();
  }, [active, state.status, load]);
  return [state, load];
}
