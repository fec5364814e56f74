/** What the workbook's own store holds (engine.stats()), re-read every few seconds while the view is shown. */
import { Text } from "@fluentui/react-components";
import { useCallback } from "react";
import type { AnswerKindName } from "@ukco/core/answers";
import { formatWhen } from "@ukco/core/import/table-layout";
import { FactList } from "../../taskpane/components/FactList";
import { useRuntime } from "../../taskpane/runtime-context";
import { usePolled } from "../../taskpane/hooks/usePolled";

/** Each kind of answer as the count of what is stored names it; a new kind adds a line (the build fails without it). */
const STORED: Readonly<Record<AnswerKindName, string>> = {
  companies: "Companies",
  matches: "Matches",
  classifications: "Classifications",
  groups: "Groups",
  websites: "Websites",
  marketCompanies: "Market companies",
};

export function StoreStats({ active }: { active: boolean }) {
  const { engine } = useRuntime();
  const stats = usePolled(
    useCallback(() => engine.stats(), [engine]),
    active,
  );
  const rows: [string, string][] = [
    ...(Object.keys(STORED) as AnswerKindName[]).map((name): [string, string] => [
      STORED[name],
      stats[name].toLocaleString("en-GB"),
    ]),
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
