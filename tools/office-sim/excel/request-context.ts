/**
 * Excel.RequestContext: the queue of operations and context.sync(), which carries them to the
 * simulated Excel in order, counts the round trip and its payload, and fails as Excel on the web
 * does when a request or response is larger than the limit (5 MB by default).
 */
import { type SimulatedExcel } from "../app/simulated-excel";
import { bytesOf, type ClientObject } from "./client-object";
import { asOfficeError, officeErrors } from "./errors";

export interface Operation {
  label: string;
  /** The size of what the operation sends (values written, arguments). */
  bytes: number;
  /** Applies the operation; what it returns is what Excel sends back. */
  run: () => unknown;
}

// INFERRED: Office.js sends each operation as a JSON action of some tens of bytes besides its data.
export const BYTES_PER_OPERATION = 40;

export class TrackedObjects {
  add(objects: ClientObject<unknown> | ClientObject<unknown>[]): void {
    for (const object of [objects].flat()) object._tracked = true;
  }

  remove(objects: ClientObject<unknown> | ClientObject<unknown>[]): void {
    for (const object of [objects].flat()) object._tracked = false;
  }
}

export class RequestContext {
  readonly trackedObjects = new TrackedObjects();
  readonly requestHeaders: Record<string, string> = {};
  private queue: Operation[] = [];
  private readonly created: ClientObject<unknown>[] = [];
  private root: unknown;

  constructor(
    readonly app: SimulatedExcel,
    private readonly makeWorkbook: (context: RequestContext) => unknown,
  ) {}

  get workbook(): unknown {
    this.root ??= this.makeWorkbook(this);
    return this.root;
  }

  get debugInfo(): { pendingStatements: string[] } {
    return { pendingStatements: this.queue.map((op) => op.label) };
  }

  _register(object: ClientObject<unknown>): void {
    this.created.push(object);
  }

  _enqueue(operation: Operation): void {
    this.queue.push(operation);
  }

  load(object: ClientObject<unknown>, option?: Parameters<ClientObject<unknown>["load"]>[0]): void {
    object.load(option);
  }

  trace(_message: string): void {}

  async sync<T>(passThroughValue?: T): Promise<T> {
    const operations = this.queue;
    this.queue = [];
    if (!operations.length) return passThroughValue as T;
    await (this.app.syncLatencyMs > 0
      ? new Promise((resolve) => setTimeout(resolve, this.app.syncLatencyMs))
      : Promise.resolve());
    const limit = this.app.payloadLimitBytes;
    const requestBytes = operations.reduce((sum, op) => sum + op.bytes + BYTES_PER_OPERATION, 0);
    if (requestBytes > limit) {
      this.app.syncStats.record({
        requestBytes,
        responseBytes: 0,
        operations: operations.length,
        failed: "request too large",
      });
      throw officeErrors.requestTooLarge(requestBytes, limit);
    }
    let responseBytes = 0;
    let current = "";
    const applying = performance.now();
    try {
      this.app.batch(() => {
        for (const op of operations) {
          current = op.label;
          responseBytes += bytesOf(op.run());
        }
      });
    } catch (error) {
      this.app.syncStats.record({ requestBytes, responseBytes, operations: operations.length, failed: current });
      throw asOfficeError(error, current);
    }
    const hostMs = performance.now() - applying;
    this.app.syncStats.record({ requestBytes, responseBytes, operations: operations.length, hostMs });
    // INFERRED: a response over the limit fails the sync after Excel applied its writes.
    if (responseBytes > limit) throw officeErrors.responseTooLarge(responseBytes, limit);
    return passThroughValue as T;
  }

  /** At the end of Excel.run, objects not tracked stop working, as in Office.js. */
  _endRun(): void {
    for (const object of this.created) if (!object._tracked) object._valid = false;
    this.created.length = 0;
  }
}
