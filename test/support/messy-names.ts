/**
 * Names as people type them, derived from sandbox companies for Match names' tests and bench: a
 * legal form swapped (Ltd for Limited), a typo, odd case and spacing, a shortened trading-style
 * name, "The …" with a full stop, and two typos with the legal form gone. `kind` is `i % 6`.
 */

export interface SandboxCompany {
  CompanyNumber: string;
  CompanyName: string;
  RegisteredPostcode?: string;
}

/** The first `count` sandbox companies, read through the product API as the add-in would. */
export async function sandboxCompanies(productUrl: string, token: string, count: number): Promise<SandboxCompany[]> {
  const companies: SandboxCompany[] = [];
  for (let skip = 0; companies.length < count; skip += 1000) {
    const response = await fetch(`${productUrl}/v2/companies`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ returnCount: Math.min(1000, count - companies.length), skip }),
    });
    const page = ((await response.json()) as { companies: SandboxCompany[] }).companies;
    companies.push(...page);
    if (page.length === 0) break;
  }
  return companies;
}

const title = (text: string) => text.toLowerCase().replace(/\b\w/g, (c) => c.toUpperCase());

/** Two neighbouring letters of the longest word swapped. */
function typo(name: string): string {
  const words = name.split(" ");
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
  const i = Math.floor(longest.length / 2);
  const swapped = longest.slice(0, i - 1) + longest[i] + longest[i - 1] + longest.slice(i + 1);
  return words.map((w) => (w === longest ? swapped : w)).join(" ");
}
const swapForm = (name: string) =>
  / LIMITED$/.test(name) ? name.replace(/ LIMITED$/, " Ltd") : name.replace(/ LTD$/, " Limited");
const withoutForm = (name: string) => name.replace(/ (LIMITED|LTD|PLC|LLP)$/, "");

const VARIANTS: Array<(name: string) => string> = [
  (name) => title(swapForm(name)),
  (name) => typo(name),
  (name) => `  ${name.toLowerCase().replace(/ /g, "  ")} `,
  (name) => title(withoutForm(name)).split(" ").slice(0, 2).join(" "),
  (name) => `The ${title(name)}.`,
  (name) => typo(typo(withoutForm(name)).replace(/[AEIOU]/, "")),
];

/** Kind 0 (a legal form swapped) is always the same company to the matching service. */
export const messyName = (name: string, i: number): string => VARIANTS[i % VARIANTS.length]!(name);

/** Names no sandbox company has. */
export const INVENTED_NAMES = [
  "Qzxv Wrenfold Ventures",
  "Plimmoth Orrery Supplies",
  "Zanqueth Doodads",
  "Xyloquist Partners",
];

/** A repeat of an earlier row, differing only in case and spacing (the same input to match). */
export const repeatOf = (name: string): string => name.toUpperCase().replace(/ /g, "   ");
