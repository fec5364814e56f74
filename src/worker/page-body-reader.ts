/**
 * Gives the page's runtime its worker reader. Only webpack entries import this file (the functions
 * entry, which the page evaluates before anything builds the runtime): `import.meta` is for
 * webpack, which turns the URL into the worker's own chunk, and Jest's CommonJS cannot compile it.
 */
import { workerBodyReader } from "../api/http/worker-body-reader";
import { setBodyReader } from "../host/runtime";

setBodyReader(
  workerBodyReader(
    () => new Worker(/* webpackChunkName: "body-reader" */ new URL("./body.worker.ts", import.meta.url)),
  ),
);
