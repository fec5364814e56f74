import { FLAG, STATUS, companyNumberOf, isActive } from "../../../sandbox/data/dataset";
import { generateDataset } from "../../../sandbox/data/generate";
import { CompanyPatches } from "../../../sandbox/data/patches";
import { registeredPostcodeOf } from "../../../sandbox/data/record-context";
import { Matcher } from "../../../sandbox/matching/matcher";
import { legalFormOf, normaliseName } from "../../../sandbox/matching/normalise";

const ds = generateDataset({ seed: 5, companies: 5000 });
const matcher = new Matcher(ds, new CompanyPatches(ds));
const match = (name: string, hints = {}, degraded: string[] = []) => matcher.match(name, hints, degraded);

describe("normalisation", () => {
  test.each([
    ["Smith & Jones Ltd", "SMITH AND JONES"],
    ["SMITH AND JONES LIMITED", "SMITH AND JONES"],
    ["The Acme Widget Co. PLC", "ACME WIDGET CO"],
    ["  o'brien   builders  (uk)  llp ", "OBRIEN BUILDERS UK"],
    ["Acme Limited Liability Partnership", "ACME"],
    ["Cwmni Da Cyf", "CWMNI DA"],
  ])("%s → %s", (name, key) => expect(normaliseName(name)).toBe(key));

  test("legal forms are told apart for tie-breaks", () => {
    expect(legalFormOf("A LTD")).toBe("LTD");
    expect(legalFormOf("A PUBLIC LIMITED COMPANY")).toBe("PLC");
    expect(legalFormOf("A L.L.P.")).toBe("LLP");
    expect(legalFormOf("A")).toBe("NONE");
  });
});

function firstWhere(test: (i: number) => boolean): number {
  for (let i = 0; i < ds.size; i++) if (test(i)) return i;
  throw new Error("no such company in the sample");
}

describe("routes and confidence bands", () => {
  test("an exact name is fast and high, whatever the case, punctuation or legal form", () => {
    const i = firstWhere(
      (k) =>
        isActive(ds, k) &&
        / LIMITED$/.test(ds.names[k] ?? "") &&
        ds.nameIndex.find(normaliseName(ds.names[k] ?? "")).length === 1,
    );
    const typed = (ds.names[i] ?? "").toLowerCase().replace(/ limited$/, ", Ltd.");
    expect(match(typed)).toMatchObject({ index: i, route: "fast", confidence: "high", rigorous: false });
  });

  test("one wrong letter goes the slow route and still finds the company, rigorously when clear", () => {
    const i = firstWhere(
      (k) => isActive(ds, k) && ds.groupOf[k] === -1 && (ds.names[k] ?? "").split(" ")[0]!.length >= 7,
    );
    const [first, ...rest] = (ds.names[i] ?? "").split(" ");
    const typo = [first!.slice(0, 3) + "X" + first!.slice(4), ...rest].join(" ");
    const out = match(typo);
    expect(out.route).toBe("slow");
    expect(out.index).toBe(i);
    expect(["high", "medium"]).toContain(out.confidence);
    expect(out.rigorous).toBe(out.confidence === "high");
  });

  test("a near-duplicate name picks the company whose name it is, not its (UK) cousin", () => {
    const near = firstWhere((k) => ((ds.flags[k] ?? 0) & FLAG.NEAR_DUPLICATE) !== 0);
    const out = match(ds.names[near] ?? "");
    expect(out.index).toBe(near);
  });

  test("a weak partial name is low or none, never high; nonsense is none with no company", () => {
    const out = match("Qqq Zzzz Widgetry");
    expect(out).toMatchObject({ index: -1, route: null, confidence: "none" });
    const i = firstWhere((k) => (ds.names[k] ?? "").split(" ").length >= 4 && ds.groupOf[k] === -1);
    const partial = (ds.names[i] ?? "").split(" ").slice(0, 1).join(" ") + " Something Else Entirely";
    expect(match(partial).confidence).not.toBe("high");
  });

  test("each degraded step lowers the band by one notch, not below low while a number is found", () => {
    const i = firstWhere((k) => isActive(ds, k) && ds.nameIndex.find(normaliseName(ds.names[k] ?? "")).length === 1);
    const name = ds.names[i] ?? "";
    expect(match(name, {}, ["hint_lookup"]).confidence).toBe("medium");
    expect(match(name, {}, ["hint_lookup", "register_status"]).confidence).toBe("low");
    expect(match(name, {}, ["hint_lookup", "register_status", "fuzzy_index"]).confidence).toBe("low");
    const fastOff = match(name, {}, ["exact_index"]);
    expect(fastOff.route).toBe("slow");
    expect(fastOff.degraded).toEqual(["exact_index"]);
  });
});

describe("twins and hints", () => {
  const twin = firstWhere((k) => ((ds.flags[k] ?? 0) & FLAG.TWIN) !== 0);
  const active = ds.nameIndex.find(normaliseName(ds.names[twin] ?? "")).find((j) => j !== twin && isActive(ds, j))!;

  test("the active company wins over its dissolved twin without hints", () => {
    expect(ds.status[twin]).toBe(STATUS.DISSOLVED);
    expect(match(ds.names[twin] ?? "").index).toBe(active);
  });

  test("a postcode hint pointing at the dissolved twin chooses it", () => {
    if (registeredPostcodeOf(ds, twin) === registeredPostcodeOf(ds, active)) return;
    const out = match(ds.names[twin] ?? "", { postcode: registeredPostcodeOf(ds, twin) });
    expect(out.index).toBe(twin);
    expect(out.reasons).toContain("postcode_match");
  });

  test("hints raise the score of the right candidate on the slow route", () => {
    const i = firstWhere((k) => isActive(ds, k) && ds.groupOf[k] === -1 && (ds.names[k] ?? "").split(" ").length >= 3);
    const vague = (ds.names[i] ?? "").split(" ").slice(0, 2).join(" ") + " Trading";
    const plain = match(vague);
    const hinted = match(vague, { postcode: registeredPostcodeOf(ds, i) });
    const score = (o: { reasons: string[] }) => Number(o.reasons.find((r) => r.startsWith("score:"))?.slice(6) ?? 0);
    if (plain.index === i) expect(score(hinted)).toBeGreaterThan(score(plain));
    else expect(hinted.index === i || score(hinted) >= score(plain)).toBe(true);
    expect(companyNumberOf(ds, i)).toMatch(/^.{8}$/);
  });
});
