/**
 * Sign-in through the team gateway: one credential for every service — a single sign-on token
 * where the deployment set it up, else the personal gateway key the administrator issued. No
 * service key is entered or kept on this computer.
 */
import { Button, Card, Text } from "@fluentui/react-components";
import { singleSignOnToken } from "../../../host/sso";
import { ActionOutcome } from "../../components/ActionOutcome";
import { useAction } from "../../hooks/useAction";
import { useRuntime } from "../../runtime-context";
import { KeyCard } from "./KeyCard";

const GATEWAY_KEY_PREFIX = "ukgw_";

export function GatewayCard() {
  const { config, credentials } = useRuntime();
  const [check, run] = useAction();
  if (!config.gateway) return null;
  const signOn = () =>
    run(async () => {
      await credentials.save("product", await singleSignOnToken());
      return "Signed in to the team gateway with your Microsoft account.";
    });
  return (
    <>
      <Card data-testid="card-gateway-intro">
        <Text>
          This add-in reaches the services through your team&apos;s gateway at {config.gateway.url}. Sign in once; the
          gateway holds the service keys.
        </Text>
        {config.gateway.singleSignOn && (
          <Button appearance="primary" onClick={() => void signOn()}>
            Sign in with your Microsoft account
          </Button>
        )}
        <ActionOutcome state={check} failedTitle="Single sign-on did not work" />
      </Card>
      <KeyCard
        service="product"
        title="Team gateway"
        label="Gateway key"
        hint={`The personal key your administrator issued; it starts with ${GATEWAY_KEY_PREFIX}.`}
        refuse={(value) =>
          value.startsWith(GATEWAY_KEY_PREFIX)
            ? undefined
            : `A gateway key starts with ${GATEWAY_KEY_PREFIX}; this one does not.`
        }
      />
    </>
  );
}
