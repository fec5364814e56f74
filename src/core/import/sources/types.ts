/**
 * A table source: what an imported table remembers so that "Refresh this table" can run it again.
 * Each kind (a filtered company list, a website batch, classify-from-examples, an explore list, a
 * multi-market query, …) lives in its own module under sources/ and is listed in sources/index.ts.
 * The saved form is plain JSON checked by the kind's zod schema; it never holds a credential.
 */
import type { z } from "zod";
import type { ApiClients } from "@ukco/api/factory";
import type { CallOptions } from "@ukco/api/http/types";
import type { SheetValue } from "../columns";

/** One page of rows, ready for the sheet; `invalid` counts records shown as error rows in their place. */
export interface RowPage {
  rows: SheetValue[][];
  invalid: number;
}

export interface PageOptions extends Pick<CallOptions, "onWait"> {
  signal: AbortSignal;
  /** Pages a source that can read ahead may have in flight at once (run-table.ts says why this many). */
  inFlight?: number;
  /** The prepared total, for sources whose pager reads ahead only below a known total. */
  total?: number;
}

/** A source resolved for one run: header and formats fixed, the total known where the service tells. */
export interface PreparedTable {
  /** The columns' headers in words ("Turnover, best estimate (£)"). */
  header: SheetValue[];
  /**
   * The field each column shows (`BestEstimateTurnover`), or undefined for a column of the source's
   * own (a score): tables imported when headers were field names are known by them on refresh.
   */
  fields?: (string | undefined)[];
  numberFormats: (string | undefined)[];
  /** The source in words, for the as-of line and the Workbook view. */
  description: string;
  /** Who the data is about, first words of the as-of line (default "UK company data"). */
  dataLabel?: string;
  /** What one row is, singular and plural, for the as-of line (default company / companies). */
  rowNoun?: readonly [string, string];
  total?: number;
  /** Pages in order; the run asks for the next while it writes this one, and the pager may read further ahead. */
  pages(options: PageOptions): AsyncIterator<RowPage>;
}

export interface TableSourceDefinition<S extends { kind: string }> {
  kind: S["kind"];
  schema: z.ZodType<S>;
  /** The source in words without calling any service (for the Workbook view's list). */
  describe(source: S): string;
  /** Before any row is written: check columns, upload sets, count. Bad input throws a UserError. */
  prepare(clients: ApiClients, source: S, call: CallOptions): Promise<PreparedTable>;
}
