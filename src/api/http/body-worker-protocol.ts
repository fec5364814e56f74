/**
 * What passes between the page and a body-reading worker, and the worker's whole job. Only what
 * structured cloning carries crosses: the body as bytes (transferred, not copied), the cut as an
 * array, and the answer's cut as an array the page turns back into a Set. A worker says it is
 * ready once it runs, so the page never hands bytes to a worker whose script failed to load.
 */
import { readBytes, type ReadBody } from "./body-reader";

export interface ReadRequest {
  id: number;
  bytes: ArrayBuffer;
  cut: readonly string[] | undefined;
  emptyIsData: boolean;
}

export type WorkerRequest = ReadRequest;

export type ClonedRead = { json: unknown; cut?: string[] } | Extract<ReadBody, { unreadable: unknown }>;

export type WorkerReply = { ready: true } | { id: number; read: ClonedRead };

export const READY: WorkerReply = { ready: true };

const toClone = (read: ReadBody): ClonedRead =>
  "unreadable" in read ? read : read.cut ? { json: read.json, cut: [...read.cut] } : { json: read.json };

/** In the worker: decoded as `response.text()` decodes (UTF-8, a bad byte replaced, a BOM dropped). */
export function answerReadRequest(request: ReadRequest): WorkerReply {
  return { id: request.id, read: toClone(readBytes(new Uint8Array(request.bytes), request.cut, request.emptyIsData)) };
}

/** The worker's message handler, for any worker host (the page's Web Worker, the benchmarks' worker thread). */
export function bodyWorkerService(post: (reply: WorkerReply) => void): (request: WorkerRequest) => void {
  return (request) => post(answerReadRequest(request));
}

/** On the page: the reply as the inline reader would have answered. */
export function fromClone(read: ClonedRead): ReadBody {
  if ("unreadable" in read) return read;
  return read.cut ? { json: read.json, cut: new Set(read.cut) } : { json: read.json };
}
