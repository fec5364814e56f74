/**
 * The pane's views. Each view lives in its own folder under views/ and exports a PaneView; the
 * list in views/index.ts decides what the pane offers: a new view is a folder and one line there.
 * The shell groups views on the home page and in the Views menu, so the navigation holds a dozen
 * views in a 320 px pane.
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
