/** Renders zod issue paths as `companies[3].BestEstimateTurnover`. */
import type { z } from "zod";

export function formatIssuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out;
}

/**
 * The full path of the field at fault. A union (a company record or a plain number) reports
 * only its own position; the branch that got furthest names the actual field.
 */
export function issueFieldPath(issue: z.core.$ZodIssue): PropertyKey[] {
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [...issue.path];
  let best: PropertyKey[] = [];
  for (const branch of issue.errors) {
    const first = branch[0];
    const path = first ? issueFieldPath(first) : [];
    if (path.length > best.length) best = path;
  }
  return [...issue.path, ...best];
}
