/**
 * Starts the runtime once Office is ready, so the workbook's first recalculation finds it built
 * rather than every call of its first burst waiting on the build. Named first in the functions entry
 * of webpack.config.js (nothing imports it), so it runs before any function can be called.
 */
import { startRuntimeWhenReady } from "./runtime";

startRuntimeWhenReady();
