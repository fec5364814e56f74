/**
 * Every function and every pane view on every Excel build the simulated host has a profile for
 * (Excel on the web, Microsoft 365 on Windows and on Mac, Office 2024 and Office 2021 volume-
 * licensed, and the oldest Excel the manifest admits), as a table: each cell "works", or degrades
 * the way the capabilities table says, with the words the user reads. No data type gives #VALUE!
 * where the custom-functions runtime lacks data types, and no profile raises a page error (the
 * harness fails the test that does). One browser, one sandbox: each profile is the page opened
 * again with `?officeSim={"profile": …}`, a fresh workbook, the sign-in kept in the host's storage.
 */
import type { Locator } from "playwright-core";
import { SANDBOX_CREDENTIALS } from "../../sandbox/credentials";
import type { Dataset } from "../../sandbox/data/dataset";
import { buildRecord } from "../../sandbox/data/record";
import { CAPABILITIES } from "../../src/host/capabilities";
import type { CellInfo } from "../../tools/office-sim";
import { assertDistBuilt, useAddinSession, type AddinSession } from "./harness";
import { admin, openView, pane, sandboxRecords, signInWithSandbox } from "./pane/pane-helpers";

assertDistBuilt();
// Classification and the market are limited to 5 and 60 requests a minute; six profiles in a few
// minutes would wait on them, which is not what this test is about.
const session = useAddinSession({
  sandbox: { companies: 2_000, seed: 42, rateLimits: { classification: 600, market: 600 } },
});

const PROFILES = ["web", "windows", "mac", "office-2024", "office-2021", "oldest"] as const;
type Profile = (typeof PROFILES)[number];

/** The words a degraded cell of the table carries, from what the add-in says or gives. */
const SPILLS_NEEDED = `needs ExcelApi 1.12, which this Excel does not have: it is in ${CAPABILITIES.spills.where}.`;
const NO_DATA_TYPES: readonly Profile[] = ["office-2024", "office-2021", "oldest"];
const NO_SPILLS: readonly Profile[] = ["oldest"];

/** What each item gives on each profile: "works" unless it degrades there, as the capabilities table says. */
const EXPECTED: Record<string, Partial<Record<Profile, string>>> = {
  "=UKCO.COMPANY": Object.fromEntries(NO_DATA_TYPES.map((p) => [p, "degrades: the company's name, as text"])),
  "=UKCO.FIELD of a date": Object.fromEntries(NO_DATA_TYPES.map((p) => [p, "degrades: the date's serial number"])),
  "=UKCO.ASOF": Object.fromEntries(NO_DATA_TYPES.map((p) => [p, "degrades: the date's serial number"])),
  "Workbook data: refresh a selection inside a spill": Object.fromEntries(
    NO_SPILLS.map((p) => [p, "degrades: Refreshed 0 UKCO formulas in the selection."]),
  ),
  "About this value: a cell inside a spill": Object.fromEntries(
    NO_SPILLS.map((p) => [
      p,
      `degrades: This cell holds a value but no formula of its own. If a UKCO formula spilled it, select that formula's cell: finding the formula a spilled cell comes from needs ExcelApi 1.12, in ${CAPABILITIES.spills.where}.`,
    ]),
  ),
  "Workbook data: convert to values": Object.fromEntries(
    NO_SPILLS.map((p) => [p, `degrades: Convert to values ${SPILLS_NEEDED}`]),
  ),
};

const FUNCTIONS = [
  "=UKCO.MATCH",
  "=UKCO.FIELD",
  "=UKCO.FIELD of a date",
  "=UKCO.CLASSIFY",
  "=UKCO.COMPANY",
  "=UKCO.ASOF",
  "=UKCO.WEBSITE",
  "=UKCO.MARKET",
  "=UKCO.HISTORY",
  "=UKCO.GROUP",
  "=UKCO.FIELDS",
];

const VIEWS = [
  "Home: a suggestion from the selection",
  "Sign in and settings",
  "Build a table",
  "Company tearsheet",
  "Peer comparison",
  "Group structure",
  "Import companies",
  "Workbook data: refresh an imported table",
  "Search by number",
  "Find by website",
  "Explore lists",
  "Classify from examples",
  "List summary",
  "Multi-market",
  "Match names",
  "What changed",
  "About this value",
  "About this value: a cell inside a spill",
  "Workbook data: refresh a selection inside a spill",
  "Workbook data: convert to values",
];

interface Company {
  number: string;
  name: string;
  incorporated: number;
  domain: string;
  others: string[];
  otherName: string;
  usNumber: string;
}

const serial = (iso: string) => (Date.parse(`${iso.slice(0, 10)}T00:00:00Z`) - Date.UTC(1899, 11, 30)) / 86_400_000;
const quoted = (text: string) => `"${text.replace(/"/g, '""')}"`;

/** A company with accounts, a group, a website and similar companies, and two more, read from the sandbox. */
async function pickCompany(current: AddinSession): Promise<Company> {
  const ds = (current.sandbox as unknown as { state: { ds: Dataset } }).state.ds;
  const found: string[] = [];
  for (let i = 0; i < ds.size && found.length < 40; i++) {
    const r = buildRecord(ds, i) as Record<string, unknown> & { CompanyNumber: string };
    if (
      ((r.CompanyFinancials_Vendor as unknown[] | null)?.length ?? 0) >= 2 &&
      typeof r.GroupCompanyId === "string" &&
      typeof r.Homepage_domain === "string" &&
      ((r.SimilarCompanies as unknown[] | null)?.length ?? 0) >= 2 &&
      typeof r.IncorporationDate === "string"
    )
      found.push(r.CompanyNumber);
  }
  const records = await sandboxRecords(current, found.slice(0, 3));
  const [record, ...rest] = records;
  const us = await fetch(`${current.sandbox!.urls.market}/v1/us/companies`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${SANDBOX_CREDENTIALS.marketKey}` },
    body: JSON.stringify({ Limit: 1 }),
  });
  return {
    number: String(record!.CompanyNumber),
    name: String(record!.CompanyName),
    incorporated: serial(String(record!.IncorporationDate)),
    domain: String(record!.Homepage_domain),
    others: rest.map((r) => String(r.CompanyNumber)),
    otherName: String(rest[0]!.CompanyName),
    usNumber: ((await us.json()) as { Companies: { CompanyNumber: string }[] }).Companies[0]!.CompanyNumber,
  };
}

/** The add-in opened again on a host of `profile`: a fresh workbook, the sign-in kept. */
async function openAs(current: AddinSession, profile: Profile): Promise<void> {
  const { page } = current;
  const url = new URL(current.url);
  url.searchParams.set("officeSim", JSON.stringify({ profile }));
  await page.goto(url.href, { waitUntil: "load" });
  await page.evaluate("window.__officeSim.ready");
  await page.evaluate("window.__officeSim.whenFunctionsRegistered(30000)");
  await pane(page).getByRole("heading", { name: "Home", level: 2 }).waitFor();
  expect((await current.sim((api) => api.host())).profile).toBe(profile);
}

/** Waits for `done`, or for the view's message bar, whose words become the failure. */
async function outcomeOf(view: Locator, done: Locator, timeout = 60_000): Promise<string> {
  const failure = view.getByTestId("error-bar");
  await done.or(failure).first().waitFor({ timeout });
  if (await done.isVisible()) return "works";
  return `fails: ${(await failure.innerText()).replace(/\s+/g, " ")}`;
}

type Outcomes = Record<string, string>;

/** Every function in cells of Sheet1, each read back as a user would judge it. */
async function functionsOn(current: AddinSession, company: Company): Promise<Outcomes> {
  const column = [
    `=UKCO.MATCH(${quoted(company.name)})`,
    '=UKCO.FIELD(A2,"CompanyName")',
    '=UKCO.FIELD(A2,"IncorporationDate")',
    '=UKCO.CLASSIFY("We build accounting software for small firms")',
    "=UKCO.COMPANY(A2)",
    "=UKCO.ASOF(A2)",
    `=UKCO.WEBSITE(${quoted(company.domain)})`,
    `=UKCO.MARKET("us",${quoted(company.usNumber)},"CompanyName")`,
    '=UKCO.FIELD(A2,"BestEstimateTurnover")',
  ];
  await current.sim(
    (api, { number, column }) => {
      api.setCell("Sheet1!A2", `'${number}`);
      api.setCell(
        "Sheet1!B2",
        column.map((formula) => [formula]),
      );
      api.setCell("Sheet1!D2", '=UKCO.HISTORY(A2,"TURNOVER")');
      api.setCell("Sheet1!H2", "=UKCO.GROUP(A2)");
      api.setCell("Sheet1!R2", "=UKCO.FIELDS()");
    },
    { number: company.number, column },
  );
  await current.sim((api) => api.whenCalculated(120_000));
  const addresses = ["B2", "B3", "B4", "B5", "B6", "B7", "B8", "B9", "D2", "D3", "H2", "H3", "R2", "R50"];
  const read = await current.sim((api, list) => list.map((a) => api.cell(`Sheet1!${a}`)), addresses);
  const at = (address: string): CellInfo => read[addresses.indexOf(address)]!;
  const [match, name, date, classify, card, asof, website, market] = [
    "B2",
    "B3",
    "B4",
    "B5",
    "B6",
    "B7",
    "B8",
    "B9",
  ].map(at) as [CellInfo, CellInfo, CellInfo, CellInfo, CellInfo, CellInfo, CellInfo, CellInfo];
  const [history, year, group, member, fields, field] = ["D2", "D3", "H2", "H3", "R2", "R50"].map(at) as [
    CellInfo,
    CellInfo,
    CellInfo,
    CellInfo,
    CellInfo,
    CellInfo,
  ];
  const failed = (cell: CellInfo) =>
    cell.error ? `fails: ${cell.error.code} ${cell.error.message ?? ""} ${cell.diagnostic ?? ""}`.trim() : undefined;
  const judge = (cell: CellInfo, works: boolean, what: string) =>
    failed(cell) ?? (works ? "works" : `fails: ${what} (${JSON.stringify(cell)})`);
  const dateOutcome = (cell: CellInfo, near?: number) => {
    const problem = failed(cell);
    if (problem) return problem;
    if (typeof cell.value !== "number" || (near !== undefined && Math.abs(cell.value - near) > 0.5))
      return `fails: not the date (${JSON.stringify(cell)})`;
    return /^\d+(\.\d+)?$/.test(cell.text) ? "degrades: the date's serial number" : "works";
  };
  return {
    "=UKCO.MATCH": judge(match, match.value === company.number, "not the company's number"),
    "=UKCO.FIELD": judge(name, name.value === company.name, "not the company's name"),
    "=UKCO.FIELD of a date": dateOutcome(date, company.incorporated),
    "=UKCO.CLASSIFY": judge(classify, /^RTIC-\d+ /.test(String(classify.value)), "not an RTIC code"),
    "=UKCO.COMPANY":
      failed(card) ??
      (card.entity && card.text === company.name && card.value === "#VALUE!"
        ? "works"
        : card.value === company.name && card.type === "String"
          ? "degrades: the company's name, as text"
          : `fails: ${JSON.stringify(card)}`),
    "=UKCO.ASOF": dateOutcome(asof),
    // A domain may be shared by a group's companies: any company number is the website's answer.
    "=UKCO.WEBSITE": judge(website, /^[A-Z0-9]{8}$/.test(String(website.value)), "not a company number"),
    "=UKCO.MARKET": judge(market, typeof market.value === "string" && market.value !== "", "no name"),
    "=UKCO.HISTORY": judge(history, history.value === "Year" && typeof year.value === "number", "not a table of years"),
    "=UKCO.GROUP": judge(group, typeof group.value === "string" && member.spilledFrom === "Sheet1!H2", "no table"),
    "=UKCO.FIELDS": judge(fields, field.spilledFrom === "Sheet1!R2", "not the field catalogue"),
  };
}

/** Each view's own work, done as a user would on the page; the workbook from functionsOn. */
async function viewsOn(current: AddinSession, company: Company): Promise<Outcomes> {
  const { page } = current;
  const sim = current.sim.bind(current);
  const outcomes: Outcomes = {};
  const step = async (item: string, run: () => Promise<string>) => {
    outcomes[item] = await run().catch((error: Error) => `fails: ${error.message.split("\n")[0]}`);
  };
  await sim((api, c) => {
    api.addSheet("Lists");
    api.setCell("Lists!A1", [["Company number"], [`'${c.number}`], [`'${c.others[0]}`], [`'${c.others[1]}`]]);
    api.setCell("Lists!C1", [["Name"], [c.name], [c.otherName]]);
    api.select("Lists!A1:A4");
  }, company);

  await step("Home: a suggestion from the selection", async () => {
    await pane(page).getByRole("button", { name: "Home", exact: true }).click();
    const suggestion = pane(page).getByTestId("home-suggestion");
    return outcomeOf(pane(page), suggestion.getByText("A column of 3 company numbers: add fields"), 15_000);
  });
  await step("Sign in and settings", async () => {
    const view = await openView(page, "Sign in and settings");
    await view.getByRole("button", { name: "Use the sandbox credentials" }).click();
    return outcomeOf(view, view.getByText("Signed in to all four sandbox services."));
  });
  await step("Build a table", async () => {
    await sim((api) => api.select("Lists!A1:A4"));
    const view = await openView(page, "Build a table");
    await view.getByRole("button", { name: "Use the selected column" }).click();
    const results = view.getByTestId("builder-results");
    await view.getByRole("searchbox", { name: "Search fields" }).fill("incorporated");
    await results.getByRole("checkbox", { name: "Incorporated on", exact: true }).check();
    await view.getByRole("button", { name: "Insert table" }).click();
    const done = await outcomeOf(view, view.getByText(/^Inserted the table at /));
    if (done !== "works") return done;
    await sim((api) => api.whenCalculated(60_000));
    // Without data types the date arrives as a bare number: the builder wrote the cell's own date format.
    const text = await sim((api) => api.cell("Lists!B2").text);
    return /^\d{1,2} \w{3} \d{4}$/.test(text) ? "works" : `fails: the date shows as "${text}"`;
  });
  await step("Company tearsheet", async () => {
    await sim((api) => api.select("Lists!A2"));
    const view = await openView(page, "Company tearsheet");
    await view.getByRole("button", { name: "Make tearsheet" }).click();
    const done = await outcomeOf(view, view.getByText(`for company ${company.number}`, { exact: false }));
    if (done !== "works") return done;
    await sim((api) => api.whenCalculated(60_000));
    const texts = await sim((api, n) => api.values(`'Tearsheet ${n}'!A1:B40`), company.number);
    const incorporated = texts.find((row) => row[0] === "Incorporated");
    return incorporated?.[1] === company.incorporated
      ? "works"
      : `fails: Incorporated shows ${JSON.stringify(incorporated)}`;
  });
  await step("Peer comparison", async () => {
    await sim((api) => api.select("Lists!A2"));
    const view = await openView(page, "Peer comparison");
    await view.getByRole("button", { name: "Make peer comparison" }).click();
    return outcomeOf(view, view.getByText(new RegExp(`^Made the sheet "Peers ${company.number}`)));
  });
  await step("Group structure", async () => {
    await sim((api) => api.select("Lists!A2"));
    const view = await openView(page, "Group structure");
    await view
      .getByText(/ companies/)
      .first()
      .waitFor({ timeout: 30_000 });
    await sim((api) => api.select("Lists!AA2"));
    await view.getByRole("button", { name: "Insert as table at the selection" }).click();
    return outcomeOf(view, view.getByText(/Inserted/));
  });
  await step("Import companies", async () => {
    const view = await openView(page, "Import companies");
    await view.getByRole("combobox", { name: "Nations" }).click();
    await page.getByRole("option", { name: /Wales/ }).click();
    await page.keyboard.press("Escape");
    await view
      .getByTestId("match-count")
      .getByText(/compan(y|ies) match/)
      .waitFor({ timeout: 30_000 });
    await view.getByRole("button", { name: /^Import .* to a new sheet$/ }).click();
    return outcomeOf(view, view.getByTestId("done-bar").getByText(/^Imported/), 90_000);
  });
  await step("Workbook data: refresh an imported table", async () => {
    const view = await openView(page, "Workbook data");
    await view
      .getByRole("button", { name: /^Refresh this table \(UKCO_Import_\d+\)$/ })
      .first()
      .click();
    return outcomeOf(view, view.getByText(/Refreshed .* into table UKCO_Import_\d+/), 90_000);
  });
  await step("Search by number", async () => {
    const view = await openView(page, "Search by number");
    await view.getByLabel("Company number starts with").fill(company.number.slice(0, 6));
    await view.getByRole("button", { name: "Search" }).click();
    await view.getByTestId("search-results").getByText(company.number).waitFor({ timeout: 20_000 });
    await sim((api) => api.select("Lists!AK2"));
    await view.getByRole("button", { name: "Insert at the selection" }).click();
    return outcomeOf(view, view.getByText(/^Inserted \d+ rows? as the table/));
  });
  await step("Find by website", async () => {
    const view = await openView(page, "Find by website");
    await view.getByRole("textbox", { name: "Website address" }).fill(company.domain);
    await view.getByRole("button", { name: "Look up" }).click();
    await view.getByTestId("website-results").getByText(company.number).waitFor({ timeout: 20_000 });
    await sim((api) => api.select("Lists!AU2"));
    await view.getByTestId("website-results").getByRole("button", { name: "Insert at the selection" }).click();
    return outcomeOf(view, view.getByText(/^Inserted \d+ rows? as the table UKCO_Result_/));
  });
  await step("Explore lists", async () => {
    const view = await openView(page, "Explore lists");
    await view.getByRole("radio").first().check({ timeout: 20_000 });
    await view.getByRole("button", { name: /^Import ".*" to a new sheet$/ }).click();
    return outcomeOf(view, view.getByTestId("done-bar").getByText(/^Imported/), 90_000);
  });
  await step("Classify from examples", async () => {
    await sim((api) => api.select("Lists!A1:A4"));
    const view = await openView(page, "Classify from examples");
    await view.getByRole("button", { name: "Include: companies like these: use the selected cells" }).click();
    return outcomeOf(view, view.getByTestId("include-summary").getByText(/^3 company numbers from/));
  });
  await step("List summary", async () => {
    const view = await openView(page, "List summary");
    await view.getByLabel("Classifier model code").fill("RTIC-0001");
    await view.getByLabel("Cutoff score").fill("70%");
    await view.getByRole("button", { name: "Show the summary" }).click();
    return outcomeOf(view, view.getByTestId("summary-status").getByText(/^Model RTIC-0001 /));
  });
  await step("Multi-market", async () => {
    await sim((api, n) => {
      api.setCell("Lists!Q1", [["Number"], [n]]);
      api.select("Lists!Q1:Q2");
    }, company.usNumber);
    const view = await openView(page, "Multi-market");
    await view.getByRole("radio", { name: "United States" }).check();
    await view.getByRole("button", { name: "US company numbers: use the selected cells" }).click();
    await view.getByRole("button", { name: "Look them up into a new sheet" }).click();
    return outcomeOf(view, view.getByTestId("done-bar").getByText(/^Looked up 1 compan(y|ies) into table/));
  });
  await step("Match names", async () => {
    await sim((api) => api.select("Lists!C1:C3"));
    const view = await openView(page, "Match names");
    await view.getByRole("button", { name: "Use the selected cells" }).click();
    await view.getByRole("button", { name: "Match names" }).click();
    return outcomeOf(view, view.getByText(/^Matched 2 of 2 distinct names/), 90_000);
  });
  await step("What changed", async () => {
    await admin(current, `/companies/${company.number}`, {
      BestEstimateTurnover: 4_000_000 + Math.round(Math.random() * 1e6),
    });
    const workbook = await openView(page, "Workbook data");
    await workbook.getByRole("button", { name: "Refresh workbook" }).click();
    await workbook.getByText("Refreshing every UKCO formula in the workbook.").waitFor();
    await sim((api) => api.whenCalculated(120_000));
    const view = await openView(page, "What changed");
    await view.getByRole("button", { name: "Highlight changed cells" }).click({ timeout: 20_000 });
    return outcomeOf(view, view.getByText(/^Highlighted [1-9]\d* changed cells?\./));
  });
  await step("About this value", async () => {
    await sim((api) => api.select("Sheet1!B6"));
    const view = await openView(page, "About this value");
    const done = await outcomeOf(view, view.getByTestId("about-company"));
    if (done !== "works") return done;
    // The card cell reads as the name it shows, not the #VALUE! Range.values gives for a card.
    const shows = await view.getByTestId("about-shows").innerText();
    return shows === `"${company.name}"` ? "works" : `fails: shows ${shows}`;
  });
  await step("About this value: a cell inside a spill", async () => {
    await sim((api) => api.select("Sheet1!E4"));
    const view = await openView(page, "About this value");
    const inside = view.getByTestId("about-this-cell");
    const unknown = view.getByTestId("about-spill-unknown");
    await inside.or(unknown).first().waitFor({ timeout: 15_000 });
    if (await inside.isVisible())
      return /^TURNOVER in \d{4}$/.test(await inside.innerText()) ? "works" : "fails: the wrong part";
    return `degrades: ${await unknown.innerText()}`;
  });
  await step("Workbook data: refresh a selection inside a spill", async () => {
    await sim((api) => api.select("Sheet1!E4"));
    const view = await openView(page, "Workbook data");
    await view.getByRole("button", { name: "Refresh selection" }).click();
    const said = view.getByText(/^Refreshed \d+ UKCO formulas? in the selection\./);
    const done = await outcomeOf(view, said);
    if (done !== "works") return done;
    // The first sentence; the next is the estimate of what the refresh sends.
    const words = (await said.innerText()).split(/(?<=\.) /)[0]!;
    return words === "Refreshed 1 UKCO formula in the selection." ? "works" : `degrades: ${words}`;
  });
  await step("Workbook data: convert to values", async () => {
    await sim((api) => api.whenCalculated(60_000));
    const card = await sim((api) => api.cell("Sheet1!B6"));
    await sim((api) => api.select("Sheet1!B2:E12"));
    const view = await openView(page, "Workbook data");
    await view.getByRole("button", { name: "Convert selection to values" }).click();
    const converted = view.getByText(/^Converted \d+ UKCO formulas? to values/);
    const failure = view.getByTestId("error-bar");
    await converted.or(failure).first().waitFor({ timeout: 60_000 });
    if (!(await converted.isVisible())) {
      const words = (await failure.innerText()).replace(/\s+/g, " ");
      const stated = /Convert to values needs [^]*$/.exec(words)?.[0];
      const unchanged = (await sim((api) => api.cell("Sheet1!B3").formula)) !== undefined;
      return stated && unchanged ? `degrades: ${stated}` : `fails: ${words}`;
    }
    const after = await sim((api) => [api.cell("Sheet1!B6"), api.cell("Sheet1!E5")]);
    // A card keeps the words it showed; the spill's cells stay as they were, as values.
    if (after[0]!.formula !== undefined || after[0]!.value !== card.text)
      return `fails: the card became ${JSON.stringify(after[0])}`;
    if (after[1]!.spilledFrom !== undefined) return "fails: the spill is still a formula";
    const cards = (await converted.innerText()).includes("A company card became its name");
    return cards === (card.entity !== undefined) ? "works" : `fails: said ${await converted.innerText()}`;
  });
  return outcomes;
}

const table: Record<string, Partial<Record<Profile, string>>> = {};
let company: Company;

beforeAll(async () => {
  await signInWithSandbox(session.current.page);
  company = await pickCompany(session.current);
});

afterAll(() => {
  const rows = [...FUNCTIONS, ...VIEWS].map(
    (item) => `| ${item} | ${PROFILES.map((p) => table[item]?.[p] ?? "not run").join(" | ")} |`,
  );
  console.log([`| | ${PROFILES.join(" | ")} |`, `|---|${PROFILES.map(() => "---").join("|")}|`, ...rows].join("\n"));
});

describe.each(PROFILES)("on the %s profile", (profile) => {
  const expected = (items: readonly string[]) =>
    Object.fromEntries(items.map((item) => [item, EXPECTED[item]?.[profile] ?? "works"]));

  beforeAll(async () => {
    await openAs(session.current, profile);
  });

  test("every function works, or degrades as the capabilities table says: never #VALUE! from a data type", async () => {
    const outcomes = await functionsOn(session.current, company);
    for (const [item, outcome] of Object.entries(outcomes)) (table[item] ??= {})[profile] = outcome;
    expect(outcomes).toEqual(expected(FUNCTIONS));
  });

  test("every pane view does its work, or says which Excel it needs", async () => {
    const outcomes = await viewsOn(session.current, company);
    for (const [item, outcome] of Object.entries(outcomes)) (table[item] ??= {})[profile] = outcome;
    expect(outcomes).toEqual(expected(VIEWS));
    expect(await session.current.sim((api) => api.problems())).toEqual([]);
  });
});
