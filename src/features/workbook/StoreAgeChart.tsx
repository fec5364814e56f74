/** How old the stored values are: companies (and the other answers) by days since they were fetched. */
import { Text } from "@fluentui/react-components";
import { BarChart } from "../../taskpane/components/BarChart";
import type { StoreAge } from "./useStoreAge";

export function StoreAgeChart({ age }: { age: StoreAge }) {
  return (
    <section
      aria-labelledby="age-title"
      style={{ display: "flex", flexDirection: "column", gap: 8 }}
      data-testid="store-age"
    >
      <Text as="h3" weight="semibold" id="age-title" block>
        Age of the stored values
      </Text>
      {age.charts.length === 0 ? (
        <Text>Nothing is stored yet.</Text>
      ) : (
        age.charts.map((chart) => <BarChart key={chart.id} chart={chart} />)
      )}
    </section>
  );
}
