/** Terms and their values as a definition list, each value findable by a test id made from its term. */
export function FactList({
  rows,
  testIdPrefix,
}: {
  rows: readonly (readonly [string, string])[];
  testIdPrefix: string;
}) {
  return (
    <dl style={{ display: "grid", gridTemplateColumns: "auto 1fr", gap: "2px 12px", margin: "4px 0" }}>
      {rows.map(([term, value]) => (
        <div key={term} style={{ display: "contents" }}>
          <dt>{term}</dt>
          <dd style={{ margin: 0 }} data-testid={`${testIdPrefix}-${term.toLowerCase().replace(/\W+/g, "-")}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
