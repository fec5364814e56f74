/**
 * The pane's entry, kept tiny: it is one of the scripts the shared runtime evaluates before Excel
 * learns the custom functions, and every cell shows #BUSY! until then. The pane's code (React,
 * Fluent UI, the views) is a separate chunk, fetched the first time the pane is shown.
 *
 * When is the pane shown? Office gives no call that answers it, so two signals are used:
 * - At Office.onReady, `document.visibilityState`. The page was opened as the pane (Open pane) in a
 *   visible web view; started by a formula or a ribbon command (or on open with startup behaviour
 *   "load"), Excel on Windows and Mac runs it in a hidden one. Excel on the web keeps the runtime in
 *   an iframe of a visible page, which reports "visible" either way: there the pane's code loads at
 *   once, still after the functions registered — the cost is bytes, never a blank pane.
 * - Later, Office.addin.onVisibilityModeChanged ("Taskpane", also fired by showAsTaskpane from a
 *   ribbon command) and the page's own visibilitychange, whichever comes first.
 */
let loading: Promise<void> | undefined;

function loadPane(): void {
  const container = document.getElementById("root");
  if (!container || loading) return;
  loading = import(/* webpackChunkName: "pane" */ "./pane").then(
    ({ mountPane }) => mountPane(container),
    (error: Error) => {
      // A failed fetch (the network, a deployment replaced mid-session) is tried again the next time the pane is shown.
      loading = undefined;
      console.error("UK Companies: the pane's code did not load:", error.message);
      container.textContent = `The UK Companies pane could not load (${error.message}). Close the pane and open it again.`;
    },
  );
}

const shownNow = () => document.visibilityState === "visible";

Office.onReady(() => {
  if (shownNow()) loadPane();
  document.addEventListener("visibilitychange", () => shownNow() && loadPane());
  Office.addin
    .onVisibilityModeChanged((args) => {
      if (args.visibilityMode === Office.VisibilityMode.taskpane) loadPane();
    })
    .catch((error: Error) => console.error("UK Companies: no task pane visibility events:", error.message));
});
