/**
 * The page's one Web Worker: it reads the large cut answers api/http/worker-body-reader.ts hands
 * it (parses them and keeps of each record the fields asked), or sends a cut
 * request itself with the worker's fetch and reads its answer there, and posts back only what was
 * kept (body-worker-protocol.ts).
 *
 * Its own folder, not host/: host/ is the code that touches Office and takes api/ values only
 * through core/, while this runs where there is no Office at all and is made of an api/ value (the
 * one read-and-cut every reader shares). It imports nothing else, so its chunk stays a few KB.
 */
import { bodyWorkerService, READY, type WorkerReply, type WorkerRequest } from "@ukco/api/http/body-worker-protocol";

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent<WorkerRequest>) => void): void;
  postMessage(reply: WorkerReply): void;
  fetch: typeof fetch;
}

const scope = self as unknown as WorkerScope;
const serve = bodyWorkerService(
  (reply) => scope.postMessage(reply),
  (url, init) => scope.fetch(url, init),
);
scope.addEventListener("message", (event) => serve(event.data));
scope.postMessage(READY);
