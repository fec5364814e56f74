/**
 * Every UKCO function's definition, as the page holds them once its functions are loaded: each
 * file that declares @customfunction (scripts/lib/function-files.cjs, webpack's functions entry)
 * defines its own as it loads (host/function-table.ts).
 */
import { createRequire } from "node:module";
import type { FunctionTable } from "../../src/core/analysis/function-definition";
import { functionTable } from "../../src/host/function-table";

const load = createRequire(__filename);
const { functionFiles } = load("../../scripts/lib/function-files.cjs") as { functionFiles(): string[] };
for (const file of functionFiles()) load(file);

export const FUNCTIONS: FunctionTable = functionTable();
