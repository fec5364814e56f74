/**
 * What passes between the page and a body-reading worker, and the worker's whole job. Only what
 * structured cloning carries crosses: the body as bytes (transferred, not copied), the cut as an
 * array, and the answer's cut as an array the page turns back into a Set. A worker says it is
 * ready once it runs, so the page never hands bytes to a worker whose script failed to load.
 *
 * A worker may also send a request itself (`SendRequest`), with its own fetch, and answer with the
 * status, the headers and the body read there: the page then never receives the body at all (on a
 * page receiving megabytes of answers, taking them in costs it more than reading them). It stops a
 * send it is told to abort; a send whose fetch fails answers `failed`, as a fetch would reject.
 */
import { readBytes, type ReadBody } from "./body-reader";

export interface ReadRequest {
  id: number;
  bytes: ArrayBuffer;
  cut: readonly string[] | undefined;
  emptyIsData: boolean;
}

export interface SendRequest {
  id: number;
  send: { url: string; method: string; headers: Record<string, string>; body?: string };
  cut: readonly string[];
  emptyIsData: boolean;
}

export interface AbortRequest {
  abort: number;
}

export type WorkerRequest = ReadRequest | SendRequest | AbortRequest;

export type ClonedRead = { json: unknown; cut?: string[] } | Extract<ReadBody, { unreadable: unknown }>;

/** A sent request's answer: `read` for a 2xx, `text` for any other status. */
export interface ClonedAnswer {
  status: number;
  statusText: string;
  headers: [string, string][];
  read?: ClonedRead;
  text?: string;
}

export type WorkerReply =
  | { ready: true }
  | { id: number; read: ClonedRead }
  | { id: number; answered: ClonedAnswer }
  | { id: number; failed: string };

export const READY: WorkerReply = { ready: true };

type Fetch = (url: string, init: RequestInit) => Promise<Response>;

const toClone = (read: ReadBody): ClonedRead =>
  "unreadable" in read ? read : read.cut ? { json: read.json, cut: [...read.cut] } : { json: read.json };

/** In the worker: decoded as `response.text()` decodes (UTF-8, a bad byte replaced, a BOM dropped). */
export function answerReadRequest(request: ReadRequest): WorkerReply {
  return { id: request.id, read: toClone(readBytes(new Uint8Array(request.bytes), request.cut, request.emptyIsData)) };
}

/** In the worker: sends the request and reads its answer as the page would have. */
export async function answerSendRequest(request: SendRequest, fetch: Fetch, signal: AbortSignal): Promise<WorkerReply> {
  try {
    const response = await fetch(request.send.url, { ...request.send, signal });
    const head = { status: response.status, statusText: response.statusText, headers: [...response.headers] };
    if (!response.ok) return { id: request.id, answered: { ...head, text: await response.text() } };
    const bytes = new Uint8Array(await response.arrayBuffer());
    return { id: request.id, answered: { ...head, read: toClone(readBytes(bytes, request.cut, request.emptyIsData)) } };
  } catch (error) {
    return { id: request.id, failed: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
}

/**
 * The worker's message handler, for any worker host (the page's Web Worker, the benchmarks'
 * worker thread): reads at once, sends with the host's fetch, stops a send it is told to.
 */
export function bodyWorkerService(post: (reply: WorkerReply) => void, fetch: Fetch): (request: WorkerRequest) => void {
  const sending = new Map<number, AbortController>();
  return (request) => {
    if ("abort" in request) return sending.get(request.abort)?.abort();
    if ("bytes" in request) return post(answerReadRequest(request));
    const stop = new AbortController();
    sending.set(request.id, stop);
    void answerSendRequest(request, fetch, stop.signal).then((reply) => {
      sending.delete(request.id);
      post(reply);
    });
  };
}

/** On the page: the reply as the inline reader would have answered. */
export function fromClone(read: ClonedRead): ReadBody {
  if ("unreadable" in read) return read;
  return read.cut ? { json: read.json, cut: new Set(read.cut) } : { json: read.json };
}
