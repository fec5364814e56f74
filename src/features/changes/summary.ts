/** What a refresh changed, in one sentence: the What changed view's summary and the ribbon's notice. */
import type { RefreshChanges } from "@ukco/core/engine";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

/** "2,000 companies refreshed: 37 values changed in 21 companies; 2 no longer found" */
export function changesSummary({ companies, changes, answers, noLongerFound, foundAgain }: RefreshChanges): string {
  const others = answers.length ? ` ${count(answers.length, "other answer")} (matches, classifications…) changed.` : "";
  if (companies === 0) return others ? others.trim() : "No value has been fetched again since the last refresh.";
  const changedCompanies = new Set(changes.map((c) => c.company)).size;
  const parts = [
    changes.length === 0
      ? "no stored value changed"
      : `${count(changes.length, "value")} changed in ${count(changedCompanies, "company", "companies")}`,
  ];
  const dissolved = new Set(
    changes.filter((c) => c.field === "CompanyStatus" && /dissolved/i.test(String(c.after))).map((c) => c.company),
  ).size;
  if (dissolved) parts.push(`${count(dissolved, "company", "companies")} now dissolved`);
  if (noLongerFound.length) parts.push(`${count(noLongerFound.length, "company", "companies")} no longer found`);
  if (foundAgain.length) parts.push(`${count(foundAgain.length, "company", "companies")} found again`);
  return `${count(companies, "company", "companies")} refreshed: ${parts.join("; ")}.${others}`;
}

/** A refresh that moved nothing: its notice goes away by itself. */
export function nothingChanged({ changes, answers, noLongerFound, foundAgain }: RefreshChanges): boolean {
  return changes.length + answers.length + noLongerFound.length + foundAgain.length === 0;
}
