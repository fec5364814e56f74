import { FluentProvider, Spinner, Text, Title2, webDarkTheme, webLightTheme } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import { loadDeploymentConfig, SERVICE_NAMES, type DeploymentConfig } from "../core/config";
import { officeUsesDarkTheme } from "../host/theme";

type ConfigState = { status: "loading" } | { status: "ready"; config: DeploymentConfig } | { status: "error"; message: string };

export function App() {
  const [state, setState] = useState<ConfigState>({ status: "loading" });
  useEffect(() => {
    loadDeploymentConfig((url) => fetch(url), window.location.href).then(
      (config) => setState({ status: "ready", config }),
      (error: Error) => setState({ status: "error", message: error.message }),
    );
  }, []);

  return (
    <FluentProvider theme={officeUsesDarkTheme() ? webDarkTheme : webLightTheme} style={{ minHeight: "100vh", padding: 16 }}>
      <main>
        <Title2 as="h1">UK Companies</Title2>
        {state.status === "loading" && <Spinner label="Loading configuration…" />}
        {state.status === "error" && (
          <Text role="alert" block>
            {state.message}
          </Text>
        )}
        {state.status === "ready" && (
          <section aria-label="Services">
            <Text block>{state.config.sandbox ? "Connected to the local sandbox." : "Connected to your organisation's services."}</Text>
            <ul>
              {SERVICE_NAMES.map((name) => (
                <li key={name}>
                  <Text>
                    {name}: {state.config.services[name]}
                  </Text>
                </li>
              ))}
            </ul>
          </section>
        )}
      </main>
    </FluentProvider>
  );
}
