/**
 * The register facts a reviewer compares a proposal with (registered name, postcode, status and
 * incorporation date), read from each company's product record through the engine: numbers asked
 * together join one batched request (up to 1,000 numbers), answers come from the cache when held,
 * and a number the product API does not know, or a failed fetch, is that entry's own message.
 */
import type { Engine } from "../engine";
import { resolveFieldPath } from "../field-path";
import { NotFoundError, toUserError, UserError } from "../errors";

export interface CompanyFacts {
  number: string;
  name?: string;
  postcode?: string;
  status?: string;
  /** `yyyy-mm-dd`, as the record gives it. */
  incorporated?: string;
  problem?: string;
  /** The product API knows no company of this number. */
  missing?: boolean;
}

const FIELDS = ["CompanyName", "RegisteredPostcode", "CompanyStatus", "IncorporationDate"] as const;

const textOf = (value: unknown): string | undefined =>
  value === null || value === undefined || value === "" ? undefined : String(value);

export async function companyFacts(
  engine: Engine,
  numbers: Iterable<string>,
  signal?: AbortSignal,
): Promise<Map<string, CompanyFacts>> {
  const paths = FIELDS.map((field) => resolveFieldPath(field));
  const distinct = [...new Set(numbers)];
  const settled = await Promise.allSettled(distinct.map((number) => engine.companyValues(number, paths, { signal })));
  return new Map(
    distinct.map((number, i): [string, CompanyFacts] => {
      const outcome = settled[i]!;
      if (outcome.status === "rejected") {
        const missing = outcome.reason instanceof NotFoundError;
        return [number, { number, problem: toUserError(outcome.reason).message, ...(missing ? { missing } : {}) }];
      }
      // A field the service sent in a shape we cannot read is its message, never the name shown or written.
      const unreadable = outcome.value.find((value): value is UserError => value instanceof UserError);
      const [name, postcode, status, incorporated] = outcome.value.map((value) =>
        value instanceof UserError ? undefined : textOf(value),
      );
      return [
        number,
        {
          number,
          name,
          postcode,
          status,
          incorporated: incorporated?.slice(0, 10),
          ...(unreadable ? { problem: unreadable.message } : {}),
        },
      ];
    }),
  );
}
