/** The task pane: Fluent UI in the Office theme, the shared runtime, and the shell with its views. */
import { FluentProvider, Spinner, webDarkTheme, webLightTheme } from "@fluentui/react-components";
import { officeUsesDarkTheme } from "../host/theme";
import { ErrorBar } from "./components/ErrorBar";
import { RuntimeProvider, useRuntimeState } from "./runtime-context";
import { Shell } from "./shell/Shell";
import { PANE_VIEWS } from "../features/views";

function Content() {
  const { state } = useRuntimeState();
  if (state.status === "loading") return <Spinner label="Starting the UK Companies add-in…" />;
  if (state.status === "error") {
    return (
      <>
        <h1 style={{ margin: 0 }}>UK Companies</h1>
        <ErrorBar title="The add-in could not start" error={state.error} />
      </>
    );
  }
  return <Shell views={PANE_VIEWS} />;
}

export function App() {
  return (
    <FluentProvider
      theme={officeUsesDarkTheme() ? webDarkTheme : webLightTheme}
      style={{ minHeight: "100vh", padding: 12, boxSizing: "border-box" }}
    >
      <RuntimeProvider>
        <Content />
      </RuntimeProvider>
    </FluentProvider>
  );
}
