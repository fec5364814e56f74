/** The filter catalogue (GET /v2/filters), fetched when the view first shows, with a way to try again. */
import { useEffect } from "react";
import type { FilterGroup } from "@ukco/api/lenient";
import { isFilterField, type FilterField } from "@ukco/core/import/query";
import { useLookup, type LookupState, type UseLookup } from "../../taskpane/hooks/useLookup";
import { useRuntime } from "../../taskpane/runtime-context";

export interface PickerGroup {
  field: FilterField;
  name: string;
  values: { code: string; description: string }[];
}

export type CatalogueState = LookupState<void, PickerGroup[]>;

/** A group's name as the service gave it, spaced where it is one camel-case word ("CompanyStatuses"). */
export const readableName = (name: string): string =>
  /\s/.test(name) ? name : name.replace(/([a-z])([A-Z])/g, "$1 $2");

/** Only groups that feed a field of the request are offered (the request schema would refuse others). */
export function pickerGroups(groups: readonly FilterGroup[]): PickerGroup[] {
  return groups.flatMap((group) =>
    isFilterField(group.Field)
      ? [
          {
            field: group.Field,
            name: readableName(group.Name ?? group.Field),
            values: group.Values.flatMap((v) =>
              v.Code ? [{ code: v.Code, description: v.Description ?? v.Code }] : [],
            ),
          },
        ]
      : [],
  );
}

/** Asked the first time the view shows, and again on request (after a failure). */
export function useFilterCatalogue(active: boolean): UseLookup<void, PickerGroup[]> {
  const { clients } = useRuntime();
  const catalogue = useLookup(async (_: void, signal) =>
    pickerGroups((await clients.product.filters({ signal })).Filters),
  );
  useEffect(() => {
    if (active && catalogue.state.status === "idle") void catalogue.run();
  }, [active, catalogue.state.status]);
  return catalogue;
}
