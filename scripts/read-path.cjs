#!/usr/bin/env node
/**
 * The cold FIELD read path: the files whose code runs when a cold `=UKCO.FIELD(number, field)` cell
 * is read, from the function module to the transport and back, with their line counts. Listed by
 * hand (the import graph of field.ts reaches most of src): follow one call, and a file is here when
 * that call runs code in it. docs/ARCHITECTURE.md quotes the total.
 *
 * Run: node scripts/read-path.cjs
 */
const fs = require("node:fs");
const path = require("node:path");

const ROOT = path.resolve(__dirname, "..");

/** In the order a cold cell's read passes through them, out and back. */
const READ_PATH = [
  ["src/functions/field.ts", "the cell's arguments checked, its ask made, its values shaped"],
  ["src/host/formula-runner.ts", "the call taken from Excel, its answer handed back"],
  ["src/host/runtime.ts", "the engine the call runs on"],
  ["src/host/excel-values.ts", "values and errors as Excel takes them"],
  ["src/core/arguments.ts", "a cell's argument read as a scalar or a grid"],
  ["src/core/company-number.ts", "the number parsed"],
  ["src/core/field-path.ts", "the field name resolved to a path"],
  ["src/core/cell-value.ts", "a record's value as a cell's"],
  ["src/core/errors.ts", "what a cell shows when it fails"],
  ["src/core/call-context.ts", "the call's cancellation and address"],
  ["src/core/engine.ts", "the cache asked, a miss queued"],
  ["src/core/cache/workbook-cache.ts", "the cache, and the answer stored"],
  ["src/core/batch-loader.ts", "the burst gathered and cut into requests"],
  ["src/core/chunk-plan.ts", "the request planner"],
  ["src/core/loaders/company-loader.ts", "the fields named, the answer joined to its asks"],
  ["src/core/loaders/scope-evidence.ts", "the scopes the answer says the token lacks"],
  ["src/api/product/client.ts", "POST /v2/companies"],
  ["src/api/product/requests.ts", "the request's schema"],
  ["src/api/product/responses.ts", "the answer's envelope"],
  ["src/api/product/lazy-company.ts", "records checked when read"],
  ["src/api/http/transport.ts", "a send, its retries and its quota"],
  ["src/api/http/governor.ts", "the service's quota kept"],
  ["src/api/http/quota-headers.ts", "the quota the service states"],
  ["src/api/http/retry.ts", "whether and when to send again"],
  ["src/api/http/request.ts", "one fetch"],
  ["src/api/http/body-reader.ts", "the body parsed and cut"],
  ["src/api/http/worker-body-reader.ts", "a large cut request sent and read by a worker"],
  ["src/api/http/body-worker-protocol.ts", "the worker's messages"],
  ["src/worker/body.worker.ts", "the worker"],
  ["src/api/http/errors.ts", "what went wrong, as facts"],
  ["src/api/http/types.ts", "the clock and fetch the transport is given"],
];

const lines = (file) => fs.readFileSync(path.join(ROOT, file), "utf8").split("\n").length - 1;
const rows = READ_PATH.map(([file, role]) => ({ file, role, lines: lines(file) }));
const total = rows.reduce((sum, row) => sum + row.lines, 0);
const width = Math.max(...rows.map((row) => row.file.length));
for (const row of rows) console.log(`${String(row.lines).padStart(5)}  ${row.file.padEnd(width)}  ${row.role}`);
console.log(`${String(total).padStart(5)}  ${rows.length} files (the page and its body worker)`);
