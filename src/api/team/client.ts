/**
 * The team gateway's decisions client: look up the team's decisions for some matches, record one,
 * read one's history. Only through a team gateway (`ApiClientsOptions.teamUrl`); it sends the
 * same gateway credential as every other request, under a governor of its own, so looking up
 * decisions never spends the matching service's quota.
 */
import type { Transport } from "../http/transport";
import type { CallOptions } from "../http/types";
import { checkInput } from "../input";
import {
  TEAM_LOOKUP_MAX,
  TeamAskSchema,
  TeamDecisionInputSchema,
  TeamHistorySchema,
  TeamLookupSchema,
  TeamRecordedSchema,
  type TeamAsk,
  type TeamDecision,
  type TeamDecisionInput,
} from "./schemas";
import { z } from "zod";

export const TEAM_TIMEOUTS = { lookupMs: 30_000, recordMs: 30_000 };

export interface TeamClient {
  /** The newest team decision of each ask (null where there is none), in the order asked. */
  lookup(asks: readonly TeamAsk[], options?: CallOptions): Promise<Array<TeamDecision | null>>;
  record(decision: TeamDecisionInput, options?: CallOptions): Promise<TeamDecision>;
  history(ask: TeamAsk, options?: CallOptions): Promise<TeamDecision[]>;
}

const AsksSchema = z.array(TeamAskSchema).max(TEAM_LOOKUP_MAX);

export function createTeamClient(transport: Transport, timeouts = TEAM_TIMEOUTS): TeamClient {
  /** Every route is a POST of JSON to the gateway's own routes; only a lookup is safe to send twice. */
  const post = <S extends z.ZodType>(
    route: { operation: string; path: string; schema: S; idempotent: boolean },
    json: unknown,
    options?: CallOptions,
  ) =>
    transport.send(
      {
        ...route,
        operation: `team.${route.operation}`,
        method: "POST",
        json,
        timeoutMs: route.idempotent ? timeouts.lookupMs : timeouts.recordMs,
      },
      options,
    );
  return {
    async lookup(asks, options) {
      if (asks.length === 0) return [];
      const checked = checkInput("matching", AsksSchema, asks);
      const route = { operation: "lookupDecisions", path: "/decisions/lookup", schema: TeamLookupSchema };
      return (await post({ ...route, idempotent: true }, { asks: checked }, options)).decisions;
    },
    async record(decision, options) {
      const json = checkInput("matching", TeamDecisionInputSchema, decision);
      // Not idempotent: a resend after a lost answer would add a second entry to the history.
      const route = { operation: "recordDecision", path: "/decisions", schema: TeamRecordedSchema };
      return (await post({ ...route, idempotent: false }, json, options)).decision;
    },
    async history(ask, options) {
      const json = checkInput("matching", TeamAskSchema, ask);
      const route = { operation: "decisionHistory", path: "/decisions/history", schema: TeamHistorySchema };
      return (await post({ ...route, idempotent: true }, json, options)).history;
    },
  };
}
