/** The pane itself: React, Fluent UI and every view. Loaded apart from the page's first scripts (see index.tsx). */
import { createRoot } from "react-dom/client";
import { App } from "./App";

export function mountPane(container: HTMLElement): void {
  createRoot(container).render(<App />);
}
