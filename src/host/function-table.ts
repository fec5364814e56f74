/**
 * The UKCO functions the page has loaded, by name. Each module of src/functions defines its own
 * (`defineFunction`) as it loads: the functions entry of webpack.config.js is every file that
 * declares @customfunction (scripts/lib/function-files.cjs), and the page runs it before the ribbon
 * and the pane. The host hands this table to workbook analysis (core/analysis: About this value,
 * refresh estimates, What changed), and the builder's preview runs FIELD and MATCH through it, so
 * neither imports the functions above them.
 */
import type { FunctionDefinition, FunctionFormula, FunctionTable } from "@ukco/core/analysis/function-definition";

const DEFINED: Record<string, FunctionDefinition> = {};

/** Adds a function to the table; returns its definition, for its module to export. */
export function defineFunction<D extends FunctionDefinition>(definition: D): D {
  DEFINED[definition.name] = definition;
  return definition;
}

export function functionTable(): FunctionTable {
  return DEFINED;
}

/** The formula of a loaded function; an error names one the page has not loaded. */
export function formulaOf(name: string): FunctionFormula {
  const definition = DEFINED[name];
  if (!definition) throw new Error(`UKCO.${name} is not loaded.`);
  return definition.formula;
}
