/**
 * How old the workbook's stored values are, and "Refresh values older than N days": the state
 * of the Workbook view's age chart and of that refresh, for views that only render.
 */
import { useCallback, useState } from "react";
import type { FetchTimes } from "@ukco/core/cache/workbook-cache";
import type { Chart } from "@ukco/core/import/insights";
import { formatWhen } from "@ukco/core/import/table-layout";
import { AGE_BANDS, ageHistogram, countFetchedBefore, olderThanCutoff, type AgeBand } from "@ukco/core/store-age";
import type { GuardedRefresh } from "./useGuardedRefresh";
import { useRuntime } from "../../taskpane/runtime-context";
import { usePolled } from "../../taskpane/hooks/usePolled";

export interface StoreAge {
  /** When the times were read; ages count from here. */
  now: number;
  times: FetchTimes;
  /** Companies by age, then the other kinds of answers together when there are any. */
  charts: Chart[];
}

export const companies = (n: number): string => `${n.toLocaleString("en-GB")} compan${n === 1 ? "y" : "ies"}`;

function bandLabel({ fromDays, toDays }: AgeBand): string {
  if (toDays === 0) return "Under a day";
  if (toDays === Infinity) return `Over ${(fromDays - 1).toLocaleString("en-GB")} days`;
  return `${fromDays}–${toDays} days`;
}

function ageChart(id: string, title: string, times: Iterable<number>, now: number): Chart {
  const counts = ageHistogram(times, now);
  return { id, title, bars: AGE_BANDS.map((band, i) => ({ label: bandLabel(band), count: counts[i]! })) };
}

function readAge(times: FetchTimes, now: number): StoreAge {
  const charts: Chart[] = [];
  if (times.companies.length) charts.push(ageChart("age-companies", "Companies by age", times.companies, now));
  const others = Object.values(times.answers).flat();
  if (others.length)
    charts.push(ageChart("age-answers", "Matches, classifications and other answers by age", others, now));
  return { now, times, charts };
}

/** The store's fetch times and their charts, re-read while the view is shown. */
export function useStoreAge(active: boolean): StoreAge {
  const { engine } = useRuntime();
  return usePolled(
    useCallback(() => readAge(engine.fetchTimes(), Date.now()), [engine]),
    active,
  );
}

export const DEFAULT_DAYS = 30;

/** A whole number of days from 0 up, or what is wrong with the text. */
function readDays(text: string): { days: number } | { problem: string } {
  const trimmed = text.trim();
  if (trimmed === "") return { problem: "Enter a number of days (0 or more)." };
  if (!/^\d+$/.test(trimmed)) return { problem: "Days must be a whole number, 0 or more (such as 30)." };
  const days = Number(trimmed);
  // Further back than any date a clock can show; the cutoff would not be a time.
  if (!Number.isSafeInteger(days) || days > 100_000) return { problem: "Enter at most 100,000 days." };
  return { days };
}

/** The last refresh: its cutoff and how many stored companies were older then. */
interface Refreshed {
  cutoff: number;
  days: number;
  before: number;
}

export interface RefreshOlder {
  text: string;
  setText(text: string): void;
  /** The days typed, when they are a whole number from 0 up. */
  days: number | undefined;
  problem: string | undefined;
  /** Stored companies older than the days typed, as the store stands now; with how many are stored. */
  older: number | undefined;
  stored: number;
  refresh(): void;
  /** How the last refresh went: its companies still older than its cutoff, as the store stands now. */
  progress: { refreshed: Refreshed; stillOlder: number } | undefined;
}

export function useRefreshOlder(age: StoreAge, guarded: GuardedRefresh): RefreshOlder {
  const { engine } = useRuntime();
  const [text, setText] = useState(String(DEFAULT_DAYS));
  const [refreshed, setRefreshed] = useState<Refreshed>();
  const read = readDays(text);
  const days = "days" in read ? read.days : undefined;
  const older =
    days === undefined ? undefined : countFetchedBefore(age.times.companies, olderThanCutoff(age.now, days));
  const refresh = () => {
    // Enter in the box reaches here even while the button is disabled.
    if (days === undefined || guarded.state.status === "running") return;
    const cutoff = olderThanCutoff(Date.now(), days);
    const before = countFetchedBefore(engine.fetchTimes().companies, cutoff);
    void guarded.start(`Refresh values older than ${days} days`, { kind: "olderThan", cutoff }, () => {
      setRefreshed({ cutoff, days, before });
      return before
        ? `Refreshing the ${companies(before)} fetched more than ${days} days ago (before ${formatWhen(new Date(cutoff))}); newer values stay as they are.`
        : `No stored company was fetched more than ${days} days ago, so none is fetched again.`;
    });
  };
  return {
    text,
    setText,
    days,
    problem: "problem" in read ? read.problem : undefined,
    older,
    stored: age.times.companies.length,
    refresh,
    progress: refreshed && {
      refreshed,
      stillOlder: countFetchedBefore(age.times.companies, refreshed.cutoff),
    },
  };
}
