import { generateDataset } from "../../../sandbox/data/generate";
import { classifyText, websiteText } from "../../../sandbox/classification/classifier";
import { words } from "../../../sandbox/classification/text";

const ds = generateDataset({ seed: 3, companies: 3000 });

test("different texts give different answers", () => {
  const texts = [
    "We design penetration testing and threat detection software to keep banks safe from cyber attacks.",
    "Solar panels and offshore wind turbines: renewable clean energy for communities.",
    "Residential care home offering nursing and domiciliary care for the elderly.",
    "Craft brewery and distillery producing gin and beer.",
  ];
  const tops = texts.map((t) => classifyText(ds, t).RTICs[0]?.Code);
  expect(tops).toEqual(["RTIC-0042", "RTIC-0013", "RTIC-0037", "RTIC-0029"]);
  expect(new Set(texts.map((t) => JSON.stringify(classifyText(ds, t).RSICs))).size).toBe(4);
});

test("scores are best first, between 0 and 1, and rise with more evidence", () => {
  const weak = classifyText(ds, "We do some software things.").RTICs[0]!;
  const strong = classifyText(ds, "Cloud SaaS platform: workflow automation software with an API, CRM and dashboard.")
    .RTICs[0]!;
  expect(strong.Code).toBe(weak.Code);
  expect(strong.Score).toBeGreaterThan(weak.Score);
  const all = classifyText(ds, "fintech payments platform for banking and lending, with card transactions").RTICs;
  expect(all.map((r) => r.Score)).toEqual([...all.map((r) => r.Score)].sort((a, b) => b - a));
  for (const r of all) expect(r.Score).toBeGreaterThan(0);
  for (const r of all) expect(r.Score).toBeLessThanOrEqual(1);
});

test("text with no industry words gets no RTICs but still counts its words", () => {
  const r = classifyText(ds, "Lorem ipsum dolor sit amet");
  expect(r.RTICs).toEqual([]);
  expect(r.SimilarCompanies).toEqual([]);
  expect(r.TotalWordsProcessed).toBe(5);
});

test("similar companies come from the dataset's companies of the best RTIC", () => {
  const r = classifyText(ds, "hydrogen electrolyser and fuel cell systems");
  expect(r.SimilarCompanies.length).toBeGreaterThan(0);
  for (const s of r.SimilarCompanies) expect(ds.names).toContain(s.CompanyName);
});

test("an unknown website is read from the words of its address", () => {
  expect(websiteText(ds, "https://www.greenhydrogenfuel.co.uk/contact")).toMatch(/hydrogen/);
  expect(words("Batteries and companies")).toEqual(["battery", "and", "company"]);
});
