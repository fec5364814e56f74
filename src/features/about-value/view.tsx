/**
 * About this value: for the selected UKCO cell, the formula and its inputs, the company and field,
 * when the value was fetched, the service and token scope it came from, and whether it was read
 * from the workbook's store or fetched in this session. It sends no request.
 */
import { Button, Text } from "@fluentui/react-components";
import { formatWhen } from "@ukco/core/import/table-layout";
import type { ValueProvenance } from "@ukco/core/analysis/provenance";
import { ErrorBar } from "../../taskpane/components/ErrorBar";
import { FactList } from "../../taskpane/components/FactList";
import { useRuntime } from "../../taskpane/runtime-context";
import { defineView, type ViewProps } from "../registry";
import { useAboutValue } from "./useAboutValue";

const SERVICE_NAMES = {
  product: "the product API",
  matching: "company matching",
  classification: "instant classification",
  market: "multi-market",
} as const;

function shown(value: unknown): string {
  if (value === undefined) return "not read (an expression or a range)";
  if (value === null || value === "") return "empty";
  return typeof value === "string" ? `"${value}"` : String(value);
}

/** The rows of the definition list: what the view knows, in the words a user reads. */
function facts(provenance: ValueProvenance, inputs: readonly unknown[]): [string, string][] {
  if (provenance.state === "not-ukco") return [];
  const rows: [string, string][] = [[`UKCO.${provenance.call.name} inputs`, inputs.map(shown).join(", ") || "none"]];
  if (provenance.state === "no-answer") return [...rows, ["Comes from", "the add-in itself; nothing is fetched"]];
  rows.push(["Service", SERVICE_NAMES[provenance.service]]);
  if (provenance.state === "unreadable") return [...rows, ["Inputs", provenance.problem]];
  rows.push([provenance.service === "product" ? "Company" : "Stored under", provenance.subject]);
  if (provenance.field) rows.push(["Field", provenance.field]);
  if (provenance.state === "stored" && provenance.part) rows.push(["This cell", provenance.part]);
  if (provenance.scope)
    rows.push([
      "Scope",
      provenance.scope.lacking
        ? `${provenance.scope.name}: the token that fetched it lacked this scope, so the service left the field out`
        : provenance.scope.name,
    ]);
  if (provenance.state === "not-stored") return [...rows, ["Fetched", "not yet: nothing is stored for it"]];
  if (provenance.decided)
    rows.push([
      "Decided by",
      `${provenance.decided.by}, on ${formatWhen(new Date(provenance.decided.at))}: your team's decision in a Match names review (the matching service was not asked)`,
    ]);
  rows.push(["Fetched", formatWhen(new Date(provenance.fetchedAt!))]);
  rows.push([
    "Read from",
    provenance.source === "store"
      ? "the workbook's store (saved with the workbook; no request was sent)"
      : "the service, in this session",
  ]);
  if (provenance.notFound) rows.push(["Answer", "the service has no such company"]);
  return rows;
}

function AboutValue({ active }: ViewProps) {
  const { engine } = useRuntime();
  const { state, readAgain } = useAboutValue(engine, active);
  if (state.status === "failed") return <ErrorBar title="Could not read the selected cell" error={state.error} />;
  if (state.status === "reading") return <Text>Reading the selected cell…</Text>;
  const { cell } = state;
  const rows = facts(cell.provenance, cell.inputs);
  return (
    <div data-testid="about-value">
      <Text as="h3" weight="semibold" block>
        {cell.address}
      </Text>
      {cell.provenance.state === "not-ukco" && cell.spillNotFound ? (
        <Text block data-testid="about-spill-unknown">
          {`This cell holds a value but no formula of its own. If a UKCO formula spilled it, select that formula's cell: finding the formula a spilled cell comes from needs ${cell.spillNotFound.needs}, in ${cell.spillNotFound.where}.`}
        </Text>
      ) : cell.provenance.state === "not-ukco" ? (
        <Text block data-testid="about-none">
          This cell holds no UKCO formula. Select a cell with one, such as =UKCO.FIELD(B2, &quot;CompanyName&quot;).
        </Text>
      ) : (
        <>
          <Text block font="monospace" style={{ overflowWrap: "anywhere" }} data-testid="about-formula">
            {String(cell.formula)}
          </Text>
          <FactList rows={[["Shows", shown(cell.value)], ...rows]} testIdPrefix="about" />
        </>
      )}
      <Button onClick={readAgain}>Read again</Button>
    </div>
  );
}

export const aboutValueView = defineView({
  id: "about-value",
  title: "About this value",
  description: "Where the selected cell's value came from and when it was fetched.",
  group: "Keep it current",
  Component: AboutValue,
});
