/**
 * Website addresses as users type them into cells (`example.co.uk`, `https://www.example.co.uk/about`),
 * and which of the asked-for addresses a found company answers to: the batch lookup returns the
 * union of companies for all the URLs, so the table says which URL each company matched.
 */
import type { CellParse } from "../import/collect-cells";

/** INFERRED (ours): longer text is not a website address anyone types into a cell. */
export const MAX_URL_LENGTH = 500;
/** INFERRED (ours): URLs sent in one batch lookup (its body stays well under a megabyte). */
export const MAX_BATCH_URLS = 1000;

/** `https://www.Example.co.uk/about?x` → `example.co.uk` (as the service matches `Homepage_domain`). */
export function domainOf(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^www\./, "")
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
}

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,}$/;

export function parseWebsite(value: unknown): CellParse {
  if (typeof value !== "string") return { ok: false, reason: "not a website address (it is not text)" };
  const text = value.trim();
  if (text.length > MAX_URL_LENGTH) return { ok: false, reason: `longer than ${MAX_URL_LENGTH} characters` };
  if (/\s/.test(text)) return { ok: false, reason: "not a website address (it has spaces)" };
  const domain = domainOf(text);
  if (!DOMAIN.test(domain)) return { ok: false, reason: `"${text.slice(0, 40)}" is not a website address` };
  return { ok: true, value: text };
}

/**
 * INFERRED (ours): a company answers to the asked URL whose domain is its `Homepage_domain`;
 * when none is (the service may match on other evidence), the table says so rather than guess.
 */
export function matchedUrl(homepageDomain: unknown, urls: readonly string[]): string {
  if (typeof homepageDomain !== "string" || homepageDomain === "") return "";
  const domain = domainOf(homepageDomain);
  return urls.find((url) => domainOf(url) === domain) ?? "";
}
