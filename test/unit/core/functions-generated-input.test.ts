/**
 * Every function, given whatever a cell can hold — numbers, booleans, blanks, error values,
 * 100,000-character strings, unicode, ranges of every shape — answers with cells or a UserError
 * (shown as #VALUE!/#N/A with a message), never an unhandled exception. Inputs are generated
 * from a seed, so a failure names the case that broke.
 */
import { UserError } from "../../../src/core/errors";
import { Engine } from "../../../src/core/engine";
import { classifyFormula } from "../../../src/functions/classify";
import { companyFormula } from "../../../src/functions/company";
import { fieldCells } from "../../../src/functions/field";
import { groupFormula } from "../../../src/functions/group";
import { historyCells } from "../../../src/functions/history";
import { marketFormula } from "../../../src/functions/market";
import { matchFormula } from "../../../src/functions/match";
import { websiteFormula } from "../../../src/functions/website";
import { FakeClock } from "../api/support/fake-clock";
import { FakeServices } from "./support/fake-services";

function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Something Excel could pass for one cell: what Excel gives for error values is a JS Error-like object. */
function scalar(random: () => number): unknown {
  const pick = Math.floor(random() * 16);
  switch (pick) {
    case 0:
      return null;
    case 1:
      return undefined;
    case 2:
      return "";
    case 3:
      return random() < 0.5;
    case 4:
      return Math.floor(random() * 1e8);
    case 5:
      return random() * 1e12 - 5e11;
    case 6:
      return Number.NaN;
    case 7:
      return "x".repeat(100_000);
    case 8:
      return "Ünïcødé 株式会社 🏢 Ltd";
    case 9:
      return "01234567";
    case 10:
      return "sc123";
    case 11:
      return "CompanyName";
    case 12:
      return { type: "Error", errorType: "Value" };
    case 13:
      return "https://example.co.uk/about";
    case 14:
      return "\u0000\u0007<script>alert(1)</script>";
    default:
      return [
        "all",
        "confidence",
        "sics",
        "rtics",
        "similar",
        "3",
        "BestEstimateTurnover",
        "SICs[0]",
        "us",
        "FR",
        "acme.co.uk",
        "12-3456789",
        "Employees",
      ][Math.floor(random() * 13)];
  }
}

function argument(random: () => number): unknown {
  const shape = random();
  if (shape < 0.6) return scalar(random);
  const rows = 1 + Math.floor(random() * 4);
  const columns = 1 + Math.floor(random() * 4);
  if (shape < 0.65) return [];
  return Array.from({ length: rows }, () => Array.from({ length: columns }, () => scalar(random)));
}

const FUNCTIONS: Record<string, (engine: Engine, args: unknown[]) => Promise<unknown>> = {
  MATCH: (engine, a) => matchFormula(engine, a[0], a[1], a[2], a[3], {}),
  FIELD: async (engine, a) => fieldCells(engine, a[0], a[1], a[2], {}),
  CLASSIFY: (engine, a) => classifyFormula(engine, a[0], a[1], a[2], {}),
  COMPANY: (engine, a) => companyFormula(engine, a[0], {}),
  GROUP: (engine, a) => groupFormula(engine, a[0], {}),
  WEBSITE: (engine, a) => websiteFormula(engine, a[0], a[1], {}),
  MARKET: (engine, a) => marketFormula(engine, a[0], a[1], a[2], {}),
  HISTORY: async (engine, a) => historyCells(engine, a[0], a[1], a[2], a[3], {}),
};

describe.each(Object.keys(FUNCTIONS))("UKCO.%s with generated input", (name) => {
  test("answers cells or a UserError for 300 generated calls", async () => {
    const random = prng(name.length * 7919);
    const clock = new FakeClock();
    const services = new FakeServices();
    services.addCompany({
      CompanyNumber: "01234567",
      CompanyName: "ACME LTD",
      SICs: ["62012"],
      Homepage_domain: "acme.co.uk",
    });
    services.marketCompanies.set("us:12-3456789", {
      CompanyNumber: "12-3456789",
      CompanyName: "ACME INC",
      Employees: 12,
    });
    const engine = new Engine({ clients: services.clients, clock });
    for (let i = 0; i < 300; i++) {
      const args = [argument(random), argument(random), argument(random), argument(random)];
      let outcome: unknown;
      try {
        outcome = await clock.drive(FUNCTIONS[name]!(engine, args));
      } catch (error) {
        outcome = error;
      }
      const described = () =>
        `call ${i} with ${JSON.stringify(args, (_k, v) => (typeof v === "string" && v.length > 40 ? `${v.slice(0, 40)}…(${v.length})` : v))}`;
      if (outcome instanceof Error) {
        expect({
          call: described(),
          error: outcome instanceof UserError ? "UserError" : `${outcome.name}: ${outcome.message}`,
        }).toEqual({ call: described(), error: "UserError" });
        expect(outcome.message.length).toBeGreaterThan(5);
        expect(outcome.message.length).toBeLessThan(400);
      } else {
        expect({
          call: described(),
          grid: Array.isArray(outcome) && (outcome as unknown[]).every(Array.isArray),
        }).toEqual({ call: described(), grid: true });
        for (const cell of (outcome as unknown[][]).flat()) {
          if (cell instanceof Error) expect(cell).toBeInstanceOf(UserError);
          else expect(["string", "number", "boolean", "object"]).toContain(typeof cell);
        }
      }
    }
  });
});
