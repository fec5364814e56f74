/**
 * Gives the page's runtime its worker reader, and starts the runtime once Office is ready (so the
 * first recalculation finds it built). No module imports this file: webpack.config.js puts it
 * first in the functions entry, which the page runs before anything builds the runtime. Its
 * `import.meta` is webpack's (it makes the worker its own chunk); Jest's CommonJS, and the tests and
 * benchmarks that load src/functions in Node, cannot compile it.
 */
import { workerBodyReader, workersFor } from "@ukco/api/http/worker-body-reader";
import { setBodyReader, startRuntimeWhenReady } from "../host/runtime";

// Made at once: the workbook's first recalculation is when the largest answers come, and workers
// still starting then would leave them to this thread. They send the cut requests themselves: the
// clients' fetch here is the platform's, as the worker's is.
setBodyReader(
  workerBodyReader(
    () => new Worker(/* webpackChunkName: "body-reader" */ new URL("./body.worker.ts", import.meta.url)),
    { startNow: true, workers: workersFor(navigator.hardwareConcurrency), sends: true },
  ),
);
startRuntimeWhenReady();
