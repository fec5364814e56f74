/**
 * Schemas for INFERRED shapes (CONTRACT-CHOICES.md: "schemas for inferred shapes are lenient"):
 * a field the service omits or sends with another type degrades to a missing value instead of
 * failing the whole response. Shapes the contracts show stay strict about types.
 */
import { z } from "zod";

/** An optional field; null, or any value of another type, reads as undefined. */
export const lenient = <T extends z.ZodType>(schema: T) =>
  schema
    .nullish()
    .catch(undefined)
    .transform((value) => value ?? undefined);

/** A list of loose items; a missing or malformed list reads as empty, a malformed item is dropped. */
export const lenientArray = <T extends z.ZodType>(item: T) =>
  z
    .array(z.unknown())
    .nullish()
    .catch(undefined)
    .transform((rows) =>
      (rows ?? []).flatMap((row) => {
        const parsed = item.safeParse(row);
        return parsed.success ? [parsed.data as z.output<T>] : [];
      }),
    );

/** `{Code, Description}` pairs, the vocabulary of every filter catalogue. */
export const CodeDescriptionSchema = z.looseObject({ Code: lenient(z.string()), Description: lenient(z.string()) });

/** INFERRED: one group of a filter catalogue, the same shape for the product and multi-market `filters` operations. */
export const FilterGroupSchema = z.looseObject({
  Field: lenient(z.string()),
  Name: lenient(z.string()),
  Values: lenientArray(CodeDescriptionSchema),
});
export type FilterGroup = z.infer<typeof FilterGroupSchema>;
