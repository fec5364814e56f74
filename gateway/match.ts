/**
 * Single matches, cached for the team: the key is the credential's scope hash and every field the
 * matcher reads (`input_name` and each hint) with case and spacing folded, the key the team's
 * decisions use (decisions/key.ts), so `ACME  LTD` and `acme ltd` are one entry; `id` and
 * `input_name` are the asker's own and are written into each answer per request, never taken
 * from another's (each answer carries the asker's own spelling). A request
 * holding any other field, or a field that is not text, is sent as it is and not cached: an
 * unknown field could change the answer, and would otherwise be echoed to someone else.
 */
import { cacheKey, type TieredCache } from "./cache";
import { MATCH_HINTS as HINTS, matchKeyOf, type Hints } from "./decisions/key";
import type { Asker, GovernedCalls } from "./governed";
import type { UpstreamCall, UpstreamFailure } from "./upstream";

const OWN = ["input_name", "id"] as const;

export interface MatchAnswer {
  status: number;
  body: string;
  served: "upstream" | "merged" | "cache";
  failure?: UpstreamFailure;
}

interface Cacheable {
  key: string;
  /** The asker's own fields, serialised for the head of the answer. */
  own: string;
}

function cacheable(body: unknown, scope: string): Cacheable | undefined {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return undefined;
  const b = body as Record<string, unknown>;
  const known: readonly string[] = [...OWN, ...HINTS];
  if (!Object.keys(b).every((k) => known.includes(k) && typeof b[k] === "string")) return undefined;
  if (typeof b.input_name !== "string" || b.input_name === "") return undefined;
  const key = matchKeyOf(b.input_name, b as Hints);
  const own = OWN.filter((k) => typeof b[k] === "string")
    .map((k) => `${JSON.stringify(k)}:${JSON.stringify(b[k])}`)
    .join(",");
  return { key: cacheKey("match", scope, key), own };
}

/** The answer without the asker's own fields, serialised without its braces. */
function shareable(json: unknown): string | undefined {
  if (typeof json !== "object" || json === null || Array.isArray(json)) return undefined;
  const rest = { ...(json as Record<string, unknown>) };
  for (const k of OWN) delete rest[k];
  return JSON.stringify(rest).slice(1, -1);
}

export class Matches {
  constructor(
    private readonly calls: GovernedCalls,
    private readonly cache: TieredCache,
    private readonly scope: string,
  ) {}

  async answer(asker: Asker, call: UpstreamCall, body: unknown, refresh: boolean): Promise<MatchAnswer> {
    const c = cacheable(body, this.scope);
    if (c && !refresh) {
      const hit = (await this.cache.getMany([c.key])).get(c.key);
      if (hit !== undefined)
        return { status: 200, body: `{${c.own}${c.own && hit ? "," : ""}${hit}}`, served: "cache" };
    }
    const { result, merged } = this.calls.call(asker, call);
    const answer = await result;
    if (answer.kind === "failure") return { status: answer.status, body: "", served: "upstream", failure: answer };
    const rest = c ? shareable(answer.json) : undefined;
    if (c && rest !== undefined) await this.cache.setMany(new Map([[c.key, rest]]));
    // Merged only with the very same body: the answer is this request's own.
    return { status: answer.status, body: answer.text, served: merged ? "merged" : "upstream" };
  }
}
