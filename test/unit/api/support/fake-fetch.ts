/** A fake `fetch` (a plain function, never a patched global) that records every call and answers from a script. */
import type { FetchLike } from "../../../../src/api";

export interface RecordedCall {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string | undefined;
  /** Fake-clock time of the send. */
  at: number;
}

export interface CannedResponse {
  status: number;
  headers?: Record<string, string>;
  /** JSON body; serialised. */
  body?: unknown;
  /** Raw body, for non-JSON answers. */
  bodyText?: string;
}

export type Responder = (
  call: RecordedCall,
  index: number,
) => CannedResponse | Promise<CannedResponse> | "network-error" | "hang";

export function toResponse(canned: CannedResponse): Response {
  const text = canned.bodyText ?? (canned.body === undefined ? "" : JSON.stringify(canned.body));
  const headers = {
    ...(canned.body !== undefined && canned.bodyText === undefined ? { "content-type": "application/json" } : {}),
    ...canned.headers,
  };
  return new Response([204, 205, 304].includes(canned.status) ? null : text, { status: canned.status, headers });
}

export interface FakeFetch {
  fetch: FetchLike;
  calls: RecordedCall[];
}

/** `respond` is called per request; a list of responses is used in order, the last one repeating. */
export function fakeFetch(respond: Responder | CannedResponse[], now: () => number): FakeFetch {
  const calls: RecordedCall[] = [];
  const responder: Responder = Array.isArray(respond)
    ? (_c, i) => respond[Math.min(i, respond.length - 1)] as CannedResponse
    : respond;
  const fetch: FetchLike = async (url, init) => {
    const call: RecordedCall = {
      url,
      method: init.method ?? "GET",
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === "string" ? init.body : undefined,
      at: now(),
    };
    calls.push(call);
    const answer = await responder(call, calls.length - 1);
    if (answer === "network-error") throw new TypeError("fetch failed");
    if (answer === "hang") {
      return new Promise<Response>((_resolve, reject) =>
        init.signal?.addEventListener("abort", () => reject(init.signal?.reason)),
      );
    }
    return toResponse(answer);
  };
  return { fetch, calls };
}
