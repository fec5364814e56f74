import { isActive } from "../data/dataset";
import { type Reply, type RequestContext, json } from "../http/types";
import type { SandboxState } from "../state";
import { type Scopes, isReply, readPaging, stringArray, validationError } from "./common";
import { readJsonObject } from "./companies";
import { RecordList } from "./record-cache";

/** Website lookup: `GET /v2/companies/by-website` and `POST /v2/companies/by-website/batch`. */

/** by-website documents its own default page size; INFERRED 10 (CONTRACT-CHOICES). */
export const WEBSITE_DEFAULT_RETURN_COUNT = 10;

/** `https://www.Example.co.uk/about?x` → `example.co.uk`. */
export function domainOfUrl(url: string): string {
  return url
    .trim()
    .toLowerCase()
    .replace(/^[a-z][a-z0-9+.-]*:\/\//, "")
    .replace(/^www\./, "")
    .split(/[/?#]/)[0]!
    .replace(/:\d+$/, "")
    .replace(/\.$/, "");
}

/** Active companies on any of the URLs' domains, deduplicated, in company-number order. */
export function companiesForUrls(state: SandboxState, urls: readonly string[]): number[] {
  const { ds } = state;
  const found = new Set<number>();
  for (const url of urls) for (const i of ds.domainIndex.find(domainOfUrl(url))) if (isActive(ds, i)) found.add(i);
  return [...found].sort((a, b) => (ds.numberCodes[a] ?? 0) - (ds.numberCodes[b] ?? 0));
}

function page(state: SandboxState, scopes: Scopes, matched: number[], skip: number, returnCount: number): Reply {
  const page = matched.slice(skip, skip + returnCount);
  return json(200, {
    matchcount: matched.length,
    companies: new RecordList(state.records, page, scopes, state.readings.recordForm),
  });
}

export function getByWebsite(state: SandboxState, req: RequestContext, scopes: Scopes): Reply {
  const url = req.query.get("url");
  if (!url) return validationError("url", "The url field is required.");
  const paging = readPaging(req.query.get("returnCount"), req.query.get("skip"), WEBSITE_DEFAULT_RETURN_COUNT);
  if (!paging.ok) return paging.reply;
  return page(state, scopes, companiesForUrls(state, [url]), paging.skip, paging.returnCount);
}

export function postByWebsiteBatch(state: SandboxState, req: RequestContext, scopes: Scopes): Reply {
  const parsed = readJsonObject(req);
  if (!parsed.ok) return parsed.reply;
  const body = parsed.value;
  const urls = stringArray(body, "urls");
  if (isReply(urls)) return urls;
  if (!urls || urls.length === 0) return validationError("urls", "The urls field is required and must not be empty.");
  const paging = readPaging(body.returnCount, body.skip);
  if (!paging.ok) return paging.reply;
  return page(state, scopes, companiesForUrls(state, urls), paging.skip, paging.returnCount);
}
