/** Terms and their values as a definition list, each value findable by a test id made from its term. */
export function FactList({
  rows,
  testIdPrefix,
}: {
  rows: readonly (readonly [string, string])[];
  testIdPrefix: string;
}) {
  return (
    // minmax(0, 1fr) and anywhere-wrapping: a long unbroken value (a field path, a sheet name) wraps
    // inside the pane's 320 px instead of widening the grid past it.
    <dl style={{ display: "grid", gridTemplateColumns: "auto minmax(0, 1fr)", gap: "2px 12px", margin: "4px 0" }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt>{term}</dt>
          <dd
            style={{ margin: 0, overflowWrap: "anywhere" }}
            data-testid={`${testIdPrefix}-${term.toLowerCase().replace(/\W+/g, "-")}`}
          >
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
