/**
 * Which curated lists there are to explore. The catalogue `GET /v2/explore` is a guessed
 * operation (api/guessed.ts); where the service has none, the lists the filter catalogue names
 * (`ExploreLists`) stand in, and a list ID typed by hand always works (`GET /v2/explore/{listId}`
 * is the operation the contract shows).
 */
import type { ApiClients } from "@ukco/api/factory";
import type { CallOptions } from "@ukco/api/http/types";
import type { ExploreListEntry } from "@ukco/api/product/responses";

export interface ExploreLists {
  lists: ExploreListEntry[];
  /** Where the lists came from: the explore catalogue, or the filter catalogue in its place. */
  source: "catalogue" | "filters";
}

export function loadExploreLists(
  clients: Pick<ApiClients, "product" | "guessed">,
  options: CallOptions = {},
): Promise<ExploreLists> {
  return clients.guessed.attempt<ExploreLists>(
    "product.exploreCatalogue",
    async () => ({ lists: (await clients.product.exploreCatalogue(options)).Lists, source: "catalogue" }),
    async () => ({ lists: (await clients.product.filters(options)).ExploreLists ?? [], source: "filters" }),
  );
}

/** A list ID typed by hand: trimmed; the service decides whether it exists. */
export function typedListId(text: string): string | undefined {
  const id = text.trim();
  return id === "" ? undefined : id;
}
