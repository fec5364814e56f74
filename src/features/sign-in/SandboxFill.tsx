/**
 * With the project's sandbox behind the add-in, one click stores the sandbox's public credentials
 * and signs in to classification with the sandbox user. The credentials come from config.json,
 * where only the development server puts them, so a production build carries none.
 */
import { Button, Card, Text } from "@fluentui/react-components";
import { useRuntime } from "../../taskpane/runtime-context";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useAction } from "../../taskpane/hooks/useAction";

export function SandboxFill() {
  const { config, credentials, clients } = useRuntime();
  const [check, run] = useAction();
  const c = config.sandboxCredentials;
  if (!config.sandbox || !c) return null;
  const fill = () =>
    run(async () => {
      await credentials.save("product", c.productToken);
      await credentials.save("matching", c.matchingKey);
      await credentials.save("market", c.marketKey);
      const token = await clients.classification.login(c.classificationUsername, c.classificationPassword);
      await credentials.save("classification", token.accessToken, { username: c.classificationUsername });
      return "Signed in to all four sandbox services.";
    });
  return (
    <Card data-testid="card-sandbox">
      <Text>This add-in is connected to the sandbox: sample data, no quota.</Text>
      <Button appearance="primary" onClick={fill}>
        Use the sandbox credentials
      </Button>
      <ActionOutcome state={check} failedTitle="Sandbox sign-in failed" />
    </Card>
  );
}
