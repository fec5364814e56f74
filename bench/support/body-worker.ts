/**
 * The benchmarks' body-reading worker thread: the page's worker (src/worker/body.worker.ts) on
 * Node's worker_threads, answering with the same answerReadRequest. Loaded through tsx's
 * require hook (node-body-reader.ts), so it runs the TypeScript the page runs.
 */
import { parentPort } from "node:worker_threads";
import { answerReadRequest, READY, type ReadRequest } from "../../src/api/http/body-worker-protocol";

const port = parentPort!;
port.on("message", (request: ReadRequest) => port.postMessage(answerReadRequest(request)));
port.postMessage(READY);
