/**
 * Jest wiring for an e2e session: opened once per test file, closed in afterAll whatever
 * happened, and any uncaught page error fails the test during which it happened.
 */
import { openAddinSession, type AddinSession, type AddinSessionOptions } from "./session";

/**
 * A guard against a flow that hangs, not a speed target: a flow that takes 20 s on a quiet machine
 * (a 50,000-row import) takes several times that beside the rest of the suite on 2 busy cores.
 */
export const E2E_TEST_TIMEOUT_MS = 180_000;

export function useAddinSession(options: AddinSessionOptions = {}): { readonly current: AddinSession } {
  jest.setTimeout(E2E_TEST_TIMEOUT_MS);
  let session: AddinSession | undefined;
  beforeAll(async () => {
    session = await openAddinSession(options);
  }, 180_000);
  afterEach(() => {
    const errors = session?.takePageErrors() ?? [];
    if (errors.length) throw new Error(`Uncaught error(s) in the add-in page:\n${errors.join("\n---\n")}`);
  });
  afterAll(async () => {
    await session?.close();
  }, 60_000);
  return {
    get current(): AddinSession {
      if (!session) throw new Error("The add-in session did not start: see the error reported by beforeAll.");
      return session;
    },
  };
}
