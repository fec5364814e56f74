/**
 * Clear messages where the user acted: wrong credentials, a malformed company number (typed, and
 * in selected cells), an unreachable service (an address override to a closed port), and a 429
 * storm, shown as a wait for the rate limit rather than a failure.
 */
import { createServer } from "node:net";
import { assertDistBuilt, useAddinSession } from "../harness";
import { expectFitsAndAccessible, admin, openView, pane, signInWithSandbox } from "./pane-helpers";

assertDistBuilt();
const session = useAddinSession({ sandbox: { companies: 5_000, seed: 42 } });

afterAll(async () => {
  await admin(session.current, "/reset", {}).catch(() => undefined);
});

/** A port nothing listens on: bound, read, released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

test("wrong credentials: refused before saving, or by the service, each with what to do", async () => {
  const { page } = session.current;
  const signIn = await openView(page, "Sign in and settings");
  const matching = signIn.getByTestId("card-matching");
  await matching.getByLabel("API key").fill("sk_live_not_a_matching_key_123");
  await matching.getByRole("button", { name: "Save" }).click();
  await matching
    .getByTestId("error-bar")
    .getByText(/A matching API key starts with dm_live_; this one does not, so it was not saved\./)
    .waitFor();
  await expect(matching.getByText("Not signed in").isVisible()).resolves.toBe(true);

  const product = signIn.getByTestId("card-product");
  await product.getByLabel("Bearer token").fill("sbx_product_wrong_0000000000000000");
  await product.getByRole("button", { name: "Save" }).click();
  await product.getByText(/^Saved\./).waitFor();
  await product.getByRole("button", { name: "Test connection" }).click();
  await product
    .getByTestId("error-bar")
    .getByText("The product API refused your credential. Check it in Sign in and settings.")
    .waitFor();
  await product.getByText("Refused", { exact: true }).waitFor();
  // Already in that view, so the message offers no way there.
  expect(await product.getByRole("button", { name: "Open Sign in and settings" }).count()).toBe(0);

  const classification = signIn.getByTestId("card-classification");
  await classification.getByLabel("Username").fill("analyst@sandbox.local");
  await classification.getByLabel("Password").fill("not-the-password");
  await classification.getByRole("button", { name: "Sign in" }).click();
  await classification
    .getByTestId("error-bar")
    .getByText(/Sign-in to the classification service failed: the username or password was not accepted/)
    .waitFor();
  expect(await classification.getByLabel("Password").inputValue()).toBe("");
  await session.current.screenshot("pane-error-credentials");
  await expectFitsAndAccessible(session.current);
});

test("a refused credential met in another view names the Sign-in view and opens it", async () => {
  const { page } = session.current;
  const search = await openView(page, "Search by number");
  await search.getByRole("textbox", { name: "Company number starts with" }).fill("01");
  await search.getByRole("button", { name: "Search" }).click();
  const bar = search.getByTestId("error-bar");
  await bar.getByText("The product API refused your credential. Check it in Sign in and settings.").waitFor();
  expect(await bar.innerText()).not.toContain("UK Companies pane");
  await bar.getByRole("button", { name: "Open Sign in and settings" }).click();
  const heading = pane(page).getByRole("heading", { name: "Sign in and settings", level: 2 });
  await heading.waitFor();
  expect(await heading.evaluate((element) => element === document.activeElement)).toBe(true);
  expect(await search.isVisible()).toBe(false);
  await expectFitsAndAccessible(session.current);
});

test("a ribbon command that fails says so in the pane, showing the pane if it was hidden", async () => {
  const { page } = session.current;
  await page.evaluate(() => Office.addin.hide());
  expect(await session.current.sim((api) => api.taskpaneVisible())).toBe(false);
  // The host refuses the next batch of work, as Excel does when a workbook cannot be edited.
  await page.evaluate(() => {
    const run = Excel.run;
    Object.assign(Excel, {
      run: () => {
        Object.assign(Excel, { run });
        return Promise.reject(new Error("The workbook cannot be edited right now."));
      },
    });
  });
  const run = await session.current.sim((api) => api.clickRibbon("Refresh selection", 20_000));
  expect(run).toMatchObject({ completed: true, functionName: "refreshSelection" });
  const bar = pane(page).getByTestId("error-bar").filter({ hasText: "Refresh selection did not finish" });
  await bar.getByText(/The workbook cannot be edited right now/).waitFor();
  expect(await session.current.sim((api) => api.taskpaneVisible())).toBe(true);
  await bar.getByRole("button", { name: "Dismiss" }).click();
  await bar.waitFor({ state: "detached" });
  await expectFitsAndAccessible(session.current);
});

test("a malformed company number, typed or in the selected cells, is named with the reason", async () => {
  const { page } = session.current;
  await signInWithSandbox(page);
  const group = await openView(page, "Group structure");
  await group.getByRole("switch", { name: "Follow the selected cell" }).click();
  await group.getByRole("textbox", { name: "Company number" }).fill("12-AB-!!");
  await group.getByRole("button", { name: "Show group" }).click();
  await group
    .getByTestId("error-bar")
    .getByText(
      /"12-AB-!!" is not a company number: expected up to 8 digits \(01234567\) or 2 letters and 6 digits \(SC123456\)\./,
    )
    .waitFor();

  await session.current.sim((api) =>
    api.setCell("Sheet1!A1", [["Company number"], ["'00012345"], ["ACME LTD"], [1234567], [true]]),
  );
  await session.current.sim((api) => api.select("Sheet1!A1:A5"));
  const importView = await openView(page, "Import companies");
  await importView.getByRole("button", { name: "Use the selected cells" }).click();
  const summary = importView.getByTestId("numbers-summary");
  await summary.getByText(/^2 company numbers from Sheet1!A1:A5; the first cell was read as a header\./).waitFor();
  const invalid = await importView.getByTestId("invalid-numbers").innerText();
  expect(invalid).toContain("2 cells hold no valid company number:");
  expect(invalid).toContain('Sheet1!A3: "ACME LTD" is not a company number');
  expect(invalid).toContain("Sheet1!A5: A company number is text or a whole number, not the logical value TRUE.");
  await session.current.screenshot("pane-error-company-numbers");
  await importView.getByRole("button", { name: "Clear numbers" }).click();
  await expectFitsAndAccessible(session.current);
});

test("an unreachable service (its address pointing at a closed port) says to check the connection and address", async () => {
  const { page } = session.current;
  const signIn = await openView(page, "Sign in and settings");
  const urls = signIn.getByTestId("card-urls");
  await urls.getByLabel("Product API").fill(`http://127.0.0.1:${await closedPort()}/api`);
  await urls.getByRole("button", { name: "Save addresses" }).click();
  await urls.getByText("Saved: the add-in now uses these addresses.").waitFor();
  const product = signIn.getByTestId("card-product");
  await product.getByRole("button", { name: "Test connection" }).click();
  await product
    .getByTestId("error-bar")
    .getByText("Could not reach the product API: check your connection and the service address. Try again.")
    .waitFor({ timeout: 30_000 });
  await session.current.screenshot("pane-error-unreachable");
  await urls.getByLabel("Product API").fill("");
  await urls.getByRole("button", { name: "Save addresses" }).click();
  await urls.getByText("Saved: the add-in uses the deployment's addresses.").waitFor();
  await product.getByRole("button", { name: "Test connection" }).click();
  await product.getByText(/The product API answered: \d+ filter groups available\./).waitFor({ timeout: 20_000 });
  await expectFitsAndAccessible(session.current);
});

test("a 429 storm shows as waiting for the rate limit, with the wait, and the count arrives once it passes", async () => {
  const { page } = session.current;
  const view = await openView(page, "Import companies");
  await admin(session.current, "/faults", { rate429: 1, services: ["product"] });
  await view.getByRole("combobox", { name: "Nations" }).click();
  await page.getByRole("option", { name: /Wales/ }).click();
  await page.keyboard.press("Escape");
  const notice = view.getByTestId("rate-limit-notice");
  await notice.getByText("Waiting for the rate limit").waitFor({ timeout: 20_000 });
  expect(await notice.innerText()).toMatch(
    /The product API is busy \(the service asked us to slow down\): continuing in about \d+ s/,
  );
  await session.current.screenshot("pane-error-rate-limit");
  expect(await view.getByTestId("error-bar").count()).toBe(0);
  await admin(session.current, "/faults", { rate429: 0 });
  await view
    .getByTestId("match-count")
    .getByText(/compan(y|ies) match/)
    .waitFor({ timeout: 40_000 });
  await notice.waitFor({ state: "detached", timeout: 10_000 });
  await expectFitsAndAccessible(session.current);
});

test("the task pane's page keeps its Content-Security-Policy", async () => {
  const csp = await session.current.page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute("content");
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("object-src 'none'");
  expect(await pane(session.current.page).getByRole("heading", { name: "UK Companies", level: 1 }).isVisible()).toBe(
    true,
  );
  await expectFitsAndAccessible(session.current);
});
