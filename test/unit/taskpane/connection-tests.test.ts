/** Test connection reports what it found: a catalogue with groups is a success, an empty one a warning, never "0 found". */
import type { ApiClients } from "../../../src/api/factory";
import { CONNECTION_TESTS } from "../../../src/features/sign-in/connection-tests";

const withFilters = (groups: number) =>
  ({
    product: {
      filters: async () => ({ Filters: Array.from({ length: groups }, () => ({ Field: "rtics", Values: [] })) }),
    },
    market: {
      filters: async () => ({ Filters: Array.from({ length: groups }, () => ({ Field: "NAICS", Values: [] })) }),
    },
  }) as unknown as ApiClients;

test.each([
  ["product", 6, "The product API answered: 6 filter groups available."],
  ["market", 2, "The multi-market service answered: 2 filter groups available for the US market."],
] as const)("%s with %i groups is a success that counts them", async (service, groups, said) => {
  await expect(CONNECTION_TESTS[service](withFilters(groups))).resolves.toBe(said);
});

test.each(["product", "market"] as const)(
  "%s with no groups is a warning that says what still works",
  async (service) => {
    await expect(CONNECTION_TESTS[service](withFilters(0))).resolves.toEqual({
      warning: expect.stringMatching(/offered no filter groups.*type codes by hand or import by company numbers/),
    });
  },
);
