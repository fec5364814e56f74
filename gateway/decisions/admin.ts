/**
 * `npm run gateway -- decisions list | export | import | delete`: the team's decisions for its
 * administrator, in the store the gateways use (Redis when `REDIS_URL` is set, else the decisions
 * file), so a change counts at the gateways' next request without a restart.
 *
 *   decisions list [--team T]                          every team's (or one team's) decisions, newest of each name
 *   decisions export [--team T] [--out FILE]           CSV: name, hints, company number, who, when
 *   decisions import FILE [--team T]                   each row a new decision (history kept)
 *   decisions delete NAME [--postcode P] [--website W] [--team T]   a decision and its history
 *
 * A team is `keys` (the gateway's key holders, the default) or `entra:<tenant id>`. One audit line
 * (JSON, on standard error) goes out per decision written or deleted. Import checks each row's
 * shape (name and hint bounds, an 8-character company number) but not the product API, which the
 * command line does not call: import only what the gateway exported.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";
import pino from "pino";
import { KEY_HOLDERS_TEAM } from "../auth";
import { decisionsCsv, readDecisionsCsv } from "./csv";
import { MATCH_HINTS, matchKeyOf, type Hints } from "./key";
import { AskSchema, COMPANY_NUMBER, type StoredDecision } from "./model";
import type { DecisionStore } from "./store";

export const DECISIONS_USAGE =
  "Usage: npm run gateway -- decisions list [--team T] | decisions export [--team T] [--out FILE] | " +
  "decisions import FILE [--team T] | decisions delete NAME [--postcode P] [--website W] [--team T]";

interface Parsed {
  positional: string[];
  options: Record<string, string>;
}

const OPTIONS = ["team", "out", ...MATCH_HINTS.map((h) => h.replace("_", "-"))];

function parse(args: string[]): Parsed {
  const positional: string[] = [];
  const options: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const name = arg.slice(2);
    const value = args[i + 1];
    if (!OPTIONS.includes(name) || value === undefined)
      throw new Error(`Unknown or empty option ${arg}. ${DECISIONS_USAGE}`);
    options[name] = value;
    i += 1;
  }
  return { positional, options };
}

export interface AdminOutput {
  out(text: string): void;
  /** One JSON audit line per decision written or deleted. */
  audit(fields: Record<string, unknown>, message: string): void;
}

export const consoleOutput = (): AdminOutput => {
  const log = pino({ level: "info", base: { app: "ukco-gateway" } }, process.stderr);
  return { out: (text) => process.stdout.write(text), audit: (fields, message) => log.info(fields, message) };
};

const hintsText = (hints: Hints) =>
  MATCH_HINTS.flatMap((h) => (hints[h] ? [`${h} ${hints[h]}`] : [])).join("; ") || "-";

/** The team named, or the only one with decisions; with several, the administrator must choose. */
async function teamOf(store: DecisionStore, option: string | undefined) {
  if (option) return option;
  const teams = await store.teams();
  if (teams.length <= 1) return teams[0] ?? KEY_HOLDERS_TEAM;
  throw new Error(`Decisions of ${teams.length} teams are kept (${teams.join(", ")}); choose one with --team.`);
}

export async function decisionsCommand(store: DecisionStore, args: string[], output: AdminOutput): Promise<void> {
  const [command, ...rest] = args;
  const { positional, options } = parse(rest);
  const now = () => new Date().toISOString();
  if (command === "list") {
    const teams = options.team ? [options.team] : await store.teams();
    for (const team of teams)
      for (const d of await store.list(team))
        output.out(
          `${[team, d.name, hintsText(d.hints), d.company?.number ?? "no match", d.byName, d.at].join("\t")}\n`,
        );
    return;
  }
  if (command === "export") {
    const team = await teamOf(store, options.team);
    const csv = decisionsCsv(await store.list(team));
    if (options.out) writeFileSync(options.out, csv, { mode: 0o600 });
    else output.out(csv);
    return;
  }
  if (command === "import" && positional[0]) {
    const team = options.team ?? KEY_HOLDERS_TEAM;
    const read = readDecisionsCsv(readFileSync(positional[0], "utf8"));
    const problems = [...read.problems];
    const decisions: StoredDecision[] = [];
    read.decisions.forEach((row, i) => {
      const ask = AskSchema.safeParse({ name: row.name, ...row.hints });
      if (!ask.success) return void problems.push(`row ${i + 2}: ${ask.error.issues[0]?.message ?? "does not fit"}`);
      if (row.company !== null && !COMPANY_NUMBER.test(row.company))
        return void problems.push(`row ${i + 2}: ${row.company} is not an 8-character company number`);
      decisions.push({
        id: randomUUID(),
        team,
        key: matchKeyOf(row.name, row.hints),
        name: row.name,
        hints: row.hints,
        company: row.company === null ? null : { number: row.company },
        by: `import:${row.decidedBy}`,
        byName: row.decidedBy,
        at: row.decidedAt && !Number.isNaN(Date.parse(row.decidedAt)) ? row.decidedAt : now(),
      });
    });
    // Nothing is written unless every row fits: a half-imported file is harder to put right.
    if (problems.length > 0) throw new Error(`Nothing was imported: ${problems.slice(0, 10).join("; ")}`);
    await store.record(decisions);
    for (const d of decisions)
      output.audit(
        {
          audit: true,
          user: "admin",
          team,
          service: "team",
          operation: "decision",
          name: d.name,
          hints: d.hints,
          company: d.company?.number ?? null,
          served: "imported",
        },
        "decision",
      );
    output.out(`Imported ${decisions.length} decision${decisions.length === 1 ? "" : "s"} into ${team}.\n`);
    return;
  }
  if (command === "delete" && positional[0]) {
    const team = await teamOf(store, options.team);
    const hints: Hints = {};
    for (const h of MATCH_HINTS) {
      const value = options[h.replace("_", "-")];
      if (value) hints[h] = value;
    }
    const removed = await store.remove(team, matchKeyOf(positional[0], hints));
    if (removed > 0)
      output.audit(
        {
          audit: true,
          user: "admin",
          team,
          service: "team",
          operation: "delete-decision",
          name: positional[0],
          hints,
          removed,
        },
        "decision deleted",
      );
    output.out(
      removed > 0
        ? `Deleted the decision on ${positional[0]} and its history (${removed} in all) from ${team}.\n`
        : `${team} has no decision on ${positional[0]} with those hints.\n`,
    );
    return;
  }
  throw new Error(DECISIONS_USAGE);
}
