/** What the workbook's own store holds (engine.stats()), re-read every few seconds while the view is shown. */
import { Text } from "@fluentui/react-components";
import { useCallback } from "react";
import { formatWhen } from "../../../core/import/table-layout";
import { FactList } from "../../components/FactList";
import { useRuntime } from "../../runtime-context";
import { usePolled } from "../../hooks/usePolled";

export function StoreStats({ active }: { active: boolean }) {
  const { engine } = useRuntime();
  const stats = usePolled(
    useCallback(() => engine.stats(), [engine]),
    active,
  );
  const rows: [string, string][] = [
    ["Companies", stats.companies.toLocaleString("en-GB")],
    ["Matches", stats.matches.toLocaleString("en-GB")],
    ["Classifications", stats.classifications.toLocaleString("en-GB")],
    ["Groups", stats.groups.toLocaleString("en-GB")],
    ["Websites", stats.websites.toLocaleString("en-GB")],
    ["Market companies", stats.marketCompanies.toLocaleString("en-GB")],
    ["Size", `${Math.ceil(stats.bytes / 1024).toLocaleString("en-GB")} KB`],
    ["Oldest fetch", stats.oldestFetchedAt ? formatWhen(new Date(stats.oldestFetchedAt)) : "nothing stored"],
  ];
  return (
    <section aria-labelledby="store-title" data-testid="store-stats">
      <Text as="h3" weight="semibold" id="store-title" block>
        Stored in this workbook
      </Text>
      <FactList rows={rows} testIdPrefix="stat" />
    </section>
  );
}
