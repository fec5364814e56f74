/**
 * The custom functions' metadata (functions.json) and their implementations
 * (CustomFunctions.associate). Formulas name functions by `name`; associate uses `id`.
 */
// zod/mini keeps the browser bundle small (the full zod build is ~450 KB minified).
import * as z from "zod/mini";
import { Emitter } from "../model/emitter";

const ParameterSchema = z.object({
  name: z.string(),
  type: z.optional(z.string()),
  dimensionality: z.optional(z.enum(["scalar", "matrix"])),
  optional: z.optional(z.boolean()),
  repeating: z.optional(z.boolean()),
});

const OptionsSchema = z.object({
  cancelable: z.optional(z.boolean()),
  requiresAddress: z.optional(z.boolean()),
  requiresParameterAddresses: z.optional(z.boolean()),
  /** The streaming form of requiresAddress (the generator writes it for @streaming @requiresAddress). */
  requiresStreamAddress: z.optional(z.boolean()),
  stream: z.optional(z.boolean()),
  volatile: z.optional(z.boolean()),
});

const FunctionSchema = z.object({
  id: z.string(),
  name: z.string(),
  parameters: z._default(z.array(ParameterSchema), []),
  options: z._default(OptionsSchema, {}),
  result: z.optional(
    z.object({ dimensionality: z.optional(z.enum(["scalar", "matrix"])), type: z.optional(z.string()) }),
  ),
});

export const FunctionsMetadataSchema = z.object({
  functions: z.array(FunctionSchema),
  allowCustomDataForDataTypeAny: z.optional(z.boolean()),
  allowErrorForDataTypeAny: z.optional(z.boolean()),
});

export type FunctionsMetadata = z.infer<typeof FunctionsMetadataSchema>;
export type FunctionMeta = z.infer<typeof FunctionSchema>;
export type ParameterMeta = z.infer<typeof ParameterSchema>;
// The implementation is whatever the add-in passed to associate; its signature is the add-in's own.
// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
export type Implementation = Function;

export type Resolution =
  | { status: "unknown" }
  | { status: "waiting"; meta?: FunctionMeta; reason: string }
  | { status: "ready"; meta: FunctionMeta; fn: Implementation };

export class FunctionRegistry {
  private metadata: FunctionsMetadata | undefined;
  private readonly implementations = new Map<string, Implementation>();
  /** Fires when metadata loads or a function is associated, so waiting formulas can run. */
  readonly changed = new Emitter<void>();

  constructor(public namespace = "UKCO") {}

  setMetadata(json: unknown): FunctionsMetadata {
    const parsed = FunctionsMetadataSchema.safeParse(json);
    if (!parsed.success)
      throw new Error(`office-sim: functions.json does not fit the metadata schema: ${z.prettifyError(parsed.error)}`);
    this.metadata = parsed.data;
    this.changed.emit();
    return parsed.data;
  }

  get functionsMetadata(): FunctionsMetadata | undefined {
    return this.metadata;
  }

  associate(idOrMappings: string | Record<string, Implementation>, fn?: Implementation): void {
    const mappings = typeof idOrMappings === "string" ? { [idOrMappings]: fn } : idOrMappings;
    for (const [id, implementation] of Object.entries(mappings)) {
      if (typeof implementation !== "function")
        throw new TypeError(`CustomFunctions.associate: the function for "${id}" is not a function.`);
      this.implementations.set(id.toUpperCase(), implementation);
    }
    this.changed.emit();
  }

  /** Ids passed to associate, in upper case. */
  get associatedIds(): string[] {
    return [...this.implementations.keys()];
  }

  /** True once every function in the metadata has an implementation. */
  get allRegistered(): boolean {
    return !!this.metadata && this.metadata.functions.every((f) => this.implementations.has(f.id.toUpperCase()));
  }

  resolve(namespace: string, name: string): Resolution {
    if (!this.metadata) return { status: "waiting", reason: "functions.json has not loaded yet" };
    if (namespace.toUpperCase() !== this.namespace.toUpperCase()) return { status: "unknown" };
    const meta = this.metadata.functions.find((f) => f.name.toUpperCase() === name.toUpperCase());
    if (!meta) return { status: "unknown" };
    const fn = this.implementations.get(meta.id.toUpperCase());
    return fn
      ? { status: "ready", meta, fn }
      : { status: "waiting", meta, reason: `waiting for CustomFunctions.associate("${meta.id}")` };
  }
}
