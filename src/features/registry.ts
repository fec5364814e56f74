/**
 * The pane's views. Each feature is a folder under features/ whose view module defines its view
 * (`defineView`) as it loads; the table in features/views.ts loads them in home-page order, so a
 * new view is a folder and one line there (as each function module defines its own function,
 * host/function-table.ts). The shell groups views on the home page and in the Views menu, so the
 * navigation holds a dozen views in a 320 px pane.
 */
import type { ComponentType } from "react";

export interface ViewProps {
  /** Shows another view by id. (A message bar reaches the Sign-in view through the shell's navigation context.) */
  navigate(viewId: string): void;
  /** True while this view is the one on screen (views stay mounted, so work in progress survives). */
  active: boolean;
}

export interface PaneView {
  /** Stable id, used in navigation and test ids. */
  id: string;
  title: string;
  /** One line on the home page. */
  description: string;
  /** The task the view serves: its heading on the home page and in the menu. */
  group: "Add data to a sheet" | "Find companies" | "Keep it current" | "Set up";
  Component: ComponentType<ViewProps>;
}

/** Views in the order the home page lists them, grouped by `group` in first-seen order. */
export function groupViews(views: readonly PaneView[]): { group: PaneView["group"]; views: PaneView[] }[] {
  const groups: { group: PaneView["group"]; views: PaneView[] }[] = [];
  for (const view of views) {
    const existing = groups.find((g) => g.group === view.group);
    if (existing) existing.views.push(view);
    else groups.push({ group: view.group, views: [view] });
  }
  return groups;
}

const DEFINED: PaneView[] = [];

/** Adds a view to the pane, after those defined before it; returns it, for its module to export. */
export function defineView(view: PaneView): PaneView {
  if (DEFINED.some((defined) => defined.id === view.id)) throw new Error(`Two views have the id "${view.id}".`);
  DEFINED.push(view);
  return view;
}

/** The views defined so far, in the order their modules loaded. */
export function definedViews(): readonly PaneView[] {
  return [...DEFINED];
}
