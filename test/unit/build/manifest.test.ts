import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";

// The checks are plain CommonJS shared with `npm run validate`, so tests and CLI cannot disagree.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { validateManifest, checkSchema, schemaDirectory } = require("../../../scripts/lib/validate-manifest.cjs");
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { productionManifest } = require("../../../scripts/lib/manifest.cjs");

const ROOT = path.resolve(__dirname, "../../..");
const devManifest = readFileSync(path.join(ROOT, "manifest.xml"), "utf8");
const deployment = JSON.parse(readFileSync(path.join(ROOT, "config/deployment.json"), "utf8"));
const FIXTURES = path.join(ROOT, "test/fixtures/manifests");
const schemasPresent = existsSync(path.join(schemaDirectory(), "OfficeAppManifestV1_1.xsd"));
const withSchemas = schemasPresent ? test : test.skip;

if (!schemasPresent) {
  console.warn(
    `\n!!! MANIFEST SCHEMA TESTS SKIPPED: ${schemaDirectory()} is missing (../shared is absent). CI always has it. !!!\n`,
  );
}

describe("manifest.xml (development)", () => {
  withSchemas("validates against the Office schemas", () => {
    const result = validateManifest(devManifest);
    expect(result.schema.messages).toEqual([]);
    expect(result.schema.status).toBe("valid");
  });

  test("every resid resolves, the runtime is shared and long-lived, the namespace is UKCO", () => {
    expect(validateManifest(devManifest).references).toEqual([]);
  });

  test("has the UK Companies tab with Open pane, Refresh workbook and Refresh selection", () => {
    expect(devManifest).toMatch(/<CustomTab id="UKCO\.Tab">/);
    expect(devManifest).toMatch(/<bt:String id="Tab.Label" DefaultValue="UK Companies" \/>/);
    for (const label of ["Open pane", "Refresh workbook", "Refresh selection"])
      expect(devManifest).toContain(`DefaultValue="${label}"`);
    expect(devManifest).toMatch(/<FunctionName>refreshWorkbook<\/FunctionName>/);
    expect(devManifest).toMatch(/<FunctionName>refreshSelection<\/FunctionName>/);
  });

  test.each([16, 32, 64, 80])("the %i px icon exists in assets/ and is a PNG of that size", (size) => {
    const png = readFileSync(path.join(ROOT, `assets/icon-${size}.png`));
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([size, size]);
  });
});

describe("production manifest", () => {
  const url = "https://addin.example.org/ukco/";
  const prod = productionManifest(devManifest, url, {
    services: {
      ...deployment.services,
      matching: "https://match.example.com/",
      market: "https://global.example.net/v1",
    },
  });

  test("points every URL at the deployment URL and none at localhost", () => {
    expect(prod).not.toContain("localhost");
    expect(prod).toContain(`<SourceLocation DefaultValue="${url}taskpane.html" />`);
    expect(prod).toContain(`DefaultValue="${url}functions.json"`);
  });

  test("lists the add-in's origin and the absolute service origins in AppDomains", () => {
    const domains = [...prod.matchAll(/<AppDomain>([^<]+)<\/AppDomain>/g)].map((m) => m[1]);
    expect(domains).toEqual(["https://addin.example.org", "https://match.example.com", "https://global.example.net"]);
  });

  withSchemas("validates against the Office schemas", () => {
    expect(validateManifest(prod).schema.status).toBe("valid");
  });

  test("refuses a non-HTTPS deployment URL", () => {
    expect(() => productionManifest(devManifest, "http://addin.example.org/", deployment)).toThrow("HTTPS");
  });
});

describe("production manifest for a team gateway", () => {
  const prod = productionManifest(devManifest, "https://addin.example.org/", {
    gateway: { url: "https://gateway.example.org" },
  });

  test("lists the add-in's and the gateway's origins in AppDomains, and nothing of the services", () => {
    const domains = [...prod.matchAll(/<AppDomain>([^<]+)<\/AppDomain>/g)].map((m) => m[1]);
    expect(domains).toEqual(["https://addin.example.org", "https://gateway.example.org"]);
  });

  withSchemas("validates against the Office schemas", () => {
    expect(validateManifest(prod).schema.status).toBe("valid");
  });
});

describe("the checks can fail", () => {
  const broken = readdirSync(FIXTURES).filter((file) => file.startsWith("broken-"));

  test("each kind of mistake has a broken fixture", () => {
    expect(broken.sort()).toEqual([
      "broken-dangling-resid.xml",
      "broken-namespace.xml",
      "broken-runtime-short-lifetime.xml",
      "broken-schema-element-order.xml",
      "broken-schema-resid-too-long.xml",
      "broken-schema-unknown-permission.xml",
    ]);
  });

  withSchemas.each(broken.filter((file) => file.includes("schema")))("%s fails the schema check", (file) => {
    const result = checkSchema(readFileSync(path.join(FIXTURES, file), "utf8"));
    expect(result.status).toBe("invalid");
    expect(result.messages.length).toBeGreaterThan(0);
  });

  test.each(broken.filter((file) => !file.includes("schema")))("%s fails the reference checks", (file) => {
    const xml = readFileSync(path.join(FIXTURES, file), "utf8");
    const result = validateManifest(xml);
    expect(result.ok).toBe(false);
    expect(result.references.join("\n")).toMatch(/resid|lifetime|namespace|icon/);
  });

  test("without ../shared the schema step is skipped loudly and the reference checks still run", () => {
    const previous = process.env.UKCO_SHARED_DIR;
    process.env.UKCO_SHARED_DIR = "/nonexistent-shared";
    try {
      const xml = readFileSync(path.join(FIXTURES, "broken-dangling-resid.xml"), "utf8");
      const result = validateManifest(xml);
      expect(result.schema.status).toBe("skipped");
      expect(result.schema.messages[0]).toMatch(/SKIPPED/);
      expect(result.ok).toBe(false);
    } finally {
      if (previous === undefined) delete process.env.UKCO_SHARED_DIR;
      else process.env.UKCO_SHARED_DIR = previous;
    }
  });
});
