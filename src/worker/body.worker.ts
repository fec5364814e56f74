/**
 * The page's one Web Worker: it reads the large cut answers api/http/worker-body-reader.ts hands
 * it (scans the bytes and keeps of each record the fields asked: cut-scan.ts) and posts back only
 * what was kept.
 *
 * Its own folder, not host/: host/ is the code that touches Office and takes api/ values only
 * through core/, while this runs where there is no Office at all and is made of an api/ value (the
 * one read-and-cut every reader shares). It imports nothing else, so its chunk stays a few KB.
 */
import { answerReadRequest, READY, type ReadRequest, type WorkerReply } from "../api/http/body-worker-protocol";

interface WorkerScope {
  addEventListener(type: "message", listener: (event: MessageEvent<ReadRequest>) => void): void;
  postMessage(reply: WorkerReply): void;
}

const scope = self as unknown as WorkerScope;
scope.addEventListener("message", (event) => scope.postMessage(answerReadRequest(event.data)));
scope.postMessage(READY);
