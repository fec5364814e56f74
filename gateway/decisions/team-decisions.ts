/**
 * What the team's decisions do for a signed-in user: look them up, read one's history, and record
 * a new one. Every read and write is the caller's own team's (auth.ts Identity), whatever the
 * request says. A write is, in order: counted against the user's allowance (WriteLimit), checked
 * against the product API (a decision names a company it knows, or none), stored (newest wins,
 * history kept), and audited, one line per decision written.
 */
import { randomUUID } from "node:crypto";
import type { Logger } from "pino";
import type { Identity } from "../auth";
import type { UpstreamFailure } from "../upstream";
import { matchKeyOf } from "./key";
import { hintsOf, shared, type Ask, type ChosenCompany, type DecisionBody, type StoredDecision } from "./model";
import type { DecisionStore } from "./store";
import type { WriteLimit } from "./write-limit";

/** The company of `number` as the product API knows it; "unknown" when it knows none. */
export type CompanyLookup = (
  who: Identity,
  number: string,
  signal: AbortSignal,
) => Promise<ChosenCompany | "unknown" | UpstreamFailure>;

export interface TeamAnswer {
  status: number;
  body: unknown;
  retryAfterSeconds?: number;
  /** What the audit line says of it. */
  served: "decisions" | "recorded" | "refused" | "upstream";
}

const refused = (status: number, error: string, message: string, retryAfterSeconds?: number): TeamAnswer => ({
  status,
  body: { error, message },
  served: "refused",
  ...(retryAfterSeconds !== undefined ? { retryAfterSeconds } : {}),
});

export class TeamDecisions {
  constructor(
    private readonly store: DecisionStore,
    private readonly company: CompanyLookup,
    private readonly writes: WriteLimit,
    private readonly writesPerMinute: number,
    private readonly log: Logger,
    private readonly now: () => number = Date.now,
  ) {}

  /** The newest decision of each ask (null where the team has none), in the order asked. */
  async lookup(who: Identity, asks: readonly Ask[]): Promise<TeamAnswer> {
    const found = await this.store.latest(
      who.team,
      asks.map((a) => matchKeyOf(a.name, hintsOf(a))),
    );
    return {
      status: 200,
      body: { decisions: found.map((d) => (d ? shared(d, who.user) : null)) },
      served: "decisions",
    };
  }

  /** Every decision of one ask, oldest first. */
  async history(who: Identity, ask: Ask): Promise<TeamAnswer> {
    const history = await this.store.history(who.team, matchKeyOf(ask.name, hintsOf(ask)));
    return { status: 200, body: { history: history.map((d) => shared(d, who.user)) }, served: "decisions" };
  }

  async record(who: Identity, body: DecisionBody, signal: AbortSignal): Promise<TeamAnswer> {
    const waitMs = await this.writes.take(who.user);
    if (waitMs > 0) {
      const seconds = Math.max(1, Math.ceil(waitMs / 1000));
      return refused(
        429,
        "too-many-decisions",
        `You have recorded ${this.writesPerMinute} decisions this minute, the most one analyst may; try again in ${seconds} s.`,
        seconds,
      );
    }
    let company: ChosenCompany | null = null;
    if (body.company !== null) {
      const known = await this.company(who, body.company, signal);
      if (known === "unknown")
        return refused(
          422,
          "unknown-company",
          `The product API knows no company numbered ${body.company}; a decision must name a company it knows.`,
        );
      if ("kind" in known)
        return {
          status: known.status,
          body: { error: known.error, message: known.message, service: known.service },
          served: "upstream",
        };
      company = known;
    }
    const hints = hintsOf(body);
    const decision: StoredDecision = {
      id: randomUUID(),
      team: who.team,
      key: matchKeyOf(body.name, hints),
      name: body.name,
      hints,
      company,
      by: who.user,
      byName: who.name,
      at: new Date(this.now()).toISOString(),
      ...(body.confidence !== undefined ? { confidence: body.confidence } : {}),
    };
    await this.store.record([decision]);
    this.log.info(
      {
        audit: true,
        user: who.user,
        team: who.team,
        service: "team",
        operation: "decision",
        name: body.name,
        hints,
        company: company?.number ?? null,
        served: "recorded",
      },
      "decision",
    );
    return { status: 201, body: { decision: shared(decision, who.user) }, served: "recorded" };
  }
}
