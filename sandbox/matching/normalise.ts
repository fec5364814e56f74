/**
 * Company-name normalisation shared by the generator (to keep names distinct), the matcher's exact
 * index and its fuzzy route. Case, punctuation, `&`/`+` vs `AND`, a leading `THE`, trailing legal
 * forms (`LTD`, `LIMITED`, `PLC`, `LLP`, Welsh `CYF`...) and whitespace do not distinguish names.
 */

const LEGAL_FORMS = new Set([
  "LTD",
  "LIMITED",
  "PLC",
  "LLP",
  "CYF",
  "CYFYNGEDIG",
  "CCC",
  "INC",
  "LLC",
  "GMBH",
  "UNLIMITED",
]);
const MULTIWORD_FORMS: readonly (readonly string[])[] = [
  ["LIMITED", "LIABILITY", "PARTNERSHIP"],
  ["PUBLIC", "LIMITED", "COMPANY"],
  ["CWMNI", "CYFYNGEDIG", "CYHOEDDUS"],
  ["L", "L", "P"],
  ["P", "L", "C"],
];
/** Words too common to find candidates by (they still count in the similarity score). */
export const STOP_TOKENS = new Set([
  "AND",
  "OF",
  "THE",
  "CO",
  "COMPANY",
  "UK",
  "GROUP",
  "SERVICES",
  "HOLDINGS",
  "LIMITED",
  "LTD",
]);

export type LegalForm = "LTD" | "PLC" | "LLP" | "OTHER" | "NONE";

/** Splits into upper-case word tokens: `&`/`+` become AND, apostrophes vanish, other punctuation splits. */
export function tokenise(name: string): string[] {
  // One pass over the characters: this runs for every generated name, so no regex chain.
  const out: string[] = [];
  let start = -1;
  let word = "";
  for (let k = 0; k <= name.length; k++) {
    let c = k < name.length ? name.charCodeAt(k) : 32;
    if (c >= 97 && c <= 122) c -= 32;
    const alnum = (c >= 65 && c <= 90) || (c >= 48 && c <= 57);
    if (alnum) {
      if (start < 0) start = k;
      continue;
    }
    if (start >= 0) {
      word += name.slice(start, k);
      start = -1;
    }
    if (c === 39 || c === 0x2019 || c === 96) continue;
    if (word) {
      out.push(word.toUpperCase());
      word = "";
    }
    if (c === 38 || c === 43) out.push("AND");
  }
  return out;
}

function stripTrailingForms(tokens: string[]): string[] {
  let end = tokens.length;
  let changed = true;
  while (changed && end > 0) {
    changed = false;
    for (const form of MULTIWORD_FORMS) {
      const start = end - form.length;
      if (start >= 0 && form.every((w, k) => tokens[start + k] === w)) {
        end = start;
        changed = true;
      }
    }
    if (end > 0 && LEGAL_FORMS.has(tokens[end - 1] ?? "")) {
      end--;
      changed = true;
    }
  }
  return tokens.slice(0, end);
}

/** The core tokens of a name: no leading THE, no trailing legal form. */
export function coreTokens(name: string): string[] {
  let tokens = tokenise(name);
  if (tokens[0] === "THE" && tokens.length > 1) tokens = tokens.slice(1);
  return stripTrailingForms(tokens);
}

/** The key two names share when they differ only by case, punctuation, `&`, `THE` or legal form. */
export function normaliseName(name: string): string {
  return coreTokens(name).join(" ");
}

/** Which legal form a name ends with, used to break ties between otherwise equal names. */
export function legalFormOf(name: string): LegalForm {
  const tokens = tokenise(name);
  const last = tokens[tokens.length - 1] ?? "";
  if (last === "LTD" || last === "LIMITED" || last === "CYF" || last === "CYFYNGEDIG") return "LTD";
  if (last === "PLC" || (last === "COMPANY" && tokens[tokens.length - 2] === "LIMITED")) return "PLC";
  if (last === "LLP" || last === "PARTNERSHIP" || last === "P") return "LLP";
  return LEGAL_FORMS.has(last) ? "OTHER" : "NONE";
}
