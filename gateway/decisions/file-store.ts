/**
 * The team's decisions without Redis: one JSON file (`DECISIONS_FILE`, beside the keys file by
 * default), kept as the keys file is. It is replaced whole (atomic-file.ts: written, synced,
 * renamed), so a reader sees the old decisions or the new, never half, and it is the gateway's
 * alone (0600). A running gateway keeps it parsed in memory and looks only at the file's identity
 * before each use, so a decision imported or deleted by `npm run gateway -- decisions …` in
 * another process counts at the next request. A file that cannot be read keeps the decisions last
 * read for lookups, and refuses writes (rather than replace what it could not read).
 *
 * Every decision of a key is kept, oldest first; the last is the one that answers.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";
import { statIfPresent, versionOf, writeFileAtomically } from "../atomic-file";
import { StoredDecisionSchema, type StoredDecision } from "./model";
import { DecisionsUnavailable, type DecisionStore } from "./store";

const FileSchema = z.object({
  version: z.literal(1),
  /** team → key → decisions, oldest first. */
  teams: z.record(z.string(), z.record(z.string(), z.array(StoredDecisionSchema))),
});
type Teams = z.infer<typeof FileSchema>["teams"];

export class FileDecisionStore implements DecisionStore {
  private teamsRead: Teams = {};
  private version = "";
  private problem: string | undefined;

  constructor(
    private readonly file: string,
    private readonly log: (message: string) => void = (message) => console.error(message),
  ) {}

  /** The decisions on disk, read again only when the file changed. */
  private current(): Teams {
    const stats = statIfPresent(this.file);
    const version = versionOf(stats);
    if (version === this.version) return this.teamsRead;
    this.version = version;
    if (!stats) return (this.teamsRead = {});
    try {
      this.teamsRead = FileSchema.parse(JSON.parse(readFileSync(this.file, "utf8"))).teams;
      this.problem = undefined;
    } catch (error) {
      const problem = error instanceof z.ZodError ? "not a decisions file" : (error as Error).message;
      if (problem !== this.problem)
        this.log(
          `gateway: the decisions file ${this.file} cannot be read (${problem}); keeping the decisions last read, refusing new ones until it is fixed.`,
        );
      this.problem = problem;
    }
    return this.teamsRead;
  }

  /** The decisions as they are on disk now, to change: refused while the file cannot be read. */
  private forChange(): Teams {
    const teams = this.current();
    if (this.problem)
      throw new DecisionsUnavailable(
        `The decisions file cannot be read (${this.problem}); nothing was changed. Restore it from a backup.`,
      );
    return structuredClone(teams);
  }

  private write(teams: Teams): void {
    writeFileAtomically(this.file, `${JSON.stringify({ version: 1, teams })}\n`);
    this.teamsRead = teams;
    this.version = versionOf(statIfPresent(this.file));
  }

  async latest(team: string, keys: readonly string[]): Promise<Array<StoredDecision | undefined>> {
    const decisions = this.current()[team] ?? {};
    return keys.map((key) => decisions[key]?.at(-1));
  }

  async history(team: string, key: string): Promise<StoredDecision[]> {
    return [...(this.current()[team]?.[key] ?? [])];
  }

  async record(decisions: readonly StoredDecision[]): Promise<void> {
    const teams = this.forChange();
    for (const decision of decisions) ((teams[decision.team] ??= {})[decision.key] ??= []).push(decision);
    this.write(teams);
  }

  async list(team: string): Promise<StoredDecision[]> {
    return Object.values(this.current()[team] ?? {}).flatMap((history) => history.slice(-1));
  }

  async teams(): Promise<string[]> {
    return Object.keys(this.current()).sort();
  }

  async remove(team: string, key: string): Promise<number> {
    const teams = this.forChange();
    const removed = teams[team]?.[key]?.length ?? 0;
    if (removed === 0) return 0;
    delete teams[team]![key];
    if (Object.keys(teams[team]!).length === 0) delete teams[team];
    this.write(teams);
    return removed;
  }
}
