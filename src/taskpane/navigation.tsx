/**
 * How any part of the pane opens a view — a message bar's "Open Sign in and settings" — without
 * each view passing a callback down: the shell provides where the user is and the way elsewhere.
 */
import { createContext, useContext } from "react";

export interface PaneNavigation {
  /** The id of the view on screen ("home" for the home page). */
  current: string;
  navigate(viewId: string): void;
  /** The title a view is listed under, to name it in a sentence. */
  titleOf(viewId: string): string | undefined;
}

const NavigationContext = createContext<PaneNavigation | undefined>(undefined);

export const PaneNavigationProvider = NavigationContext.Provider;

/** Undefined outside the shell (the start-up failure is shown before there are views to open). */
export function usePaneNavigation(): PaneNavigation | undefined {
  return useContext(NavigationContext);
}
