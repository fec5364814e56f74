/**
 * The benchmarks' body-reading worker thread: the page's worker (src/worker/body.worker.ts) on
 * Node's worker_threads, serving with the same bodyWorkerService and Node's fetch. Loaded through
 * tsx's require hook (node-body-reader.ts), so it runs the TypeScript the page runs.
 */
import { parentPort } from "node:worker_threads";
import { bodyWorkerService, READY, type WorkerRequest } from "../../src/api/http/body-worker-protocol";

const port = parentPort!;
const serve = bodyWorkerService(
  (reply) => port.postMessage(reply),
  (url, init) => fetch(url, init),
);
port.on("message", (request: WorkerRequest) => serve(request));
port.postMessage(READY);
