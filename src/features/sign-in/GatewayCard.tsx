/**
 * Sign-in through the team gateway: one credential for every service — a single sign-on token
 * where the deployment set it up and this Office offers a way to get one, else the personal
 * gateway key the administrator issued. No service key is entered or kept on this computer, and
 * no service address either: one stored before the move to a gateway is shown, unused, to clear.
 */
import { Button, Card, Text } from "@fluentui/react-components";
import { useEffect, useMemo, useState } from "react";
import { SERVICE_NAMES, type ServiceUrls } from "@ukco/core/config";
import { signOnConfigured, signOnPaths } from "@ukco/core/gateway-sign-on";
import { readServiceOverrides, saveServiceOverrides } from "../../host/runtime";
import { gatewaySignOn, hostSignOnOffers, SignOnCancelled } from "../../host/sso";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useAction } from "../../taskpane/hooks/useAction";
import { useRuntime, useRuntimeState } from "../../taskpane/runtime-context";
import { KeyCard } from "./KeyCard";

const GATEWAY_KEY_PREFIX = "ukgw_";

/** The service addresses this computer still holds from before (ignored through the gateway). */
function useStoredAddresses(): [Partial<ServiceUrls>, () => Promise<void>] {
  const { reload } = useRuntimeState();
  const [stored, setStored] = useState<Partial<ServiceUrls>>({});
  useEffect(() => {
    readServiceOverrides().then(setStored, () => undefined);
  }, []);
  const clear = async () => {
    await saveServiceOverrides({});
    setStored({});
    reload();
  };
  return [stored, clear];
}

export function GatewayCard() {
  const { config, credentials } = useRuntime();
  const [check, run] = useAction();
  const [cleared, runClear] = useAction();
  const [stored, clearStored] = useStoredAddresses();
  const gateway = config.gateway;
  const paths = useMemo(() => (gateway ? signOnPaths(gateway, hostSignOnOffers()) : []), [gateway]);
  if (!gateway) return null;
  const signOn = () =>
    run(async () => {
      try {
        const { token, username } = await gatewaySignOn(gateway);
        await credentials.save("product", token, username ? { username } : {});
        return `Signed in to the team gateway with your Microsoft account${username ? ` (${username})` : ""}.`;
      } catch (error) {
        if (error instanceof SignOnCancelled) return { warning: "Sign-in was cancelled; nothing changed." };
        throw error;
      }
    });
  const unused = SERVICE_NAMES.filter((name) => stored[name]?.trim());
  return (
    <>
      <Card data-testid="card-gateway-intro">
        <Text>
          This add-in reaches the services through your team&apos;s gateway at {gateway.url}. Sign in once; the gateway
          holds the service keys.
        </Text>
        {paths.length > 0 && (
          <Button appearance="primary" onClick={() => void signOn()}>
            Sign in with your Microsoft account
          </Button>
        )}
        {signOnConfigured(gateway) && paths.length === 0 && (
          <Text>This Office does not offer single sign-on to add-ins: sign in with your gateway key.</Text>
        )}
        {gateway.singleSignOn && !signOnConfigured(gateway) && (
          <Text>
            Single sign-on is switched on without the app registration it needs (config.json&apos;s
            gateway.nestedAppAuth): sign in with your gateway key, and ask your administrator to rebuild the add-in.
          </Text>
        )}
        <ActionOutcome state={check} failedTitle="Single sign-on did not work" />
      </Card>
      {unused.length > 0 && (
        <Card data-testid="card-gateway-unused-addresses">
          <Text>
            This computer still holds service addresses set before ({unused.map((name) => stored[name]).join(", ")}).
            They are not used: through the gateway the add-in reaches the services only at {gateway.url}.
          </Text>
          <Button onClick={() => void runClear(async () => (await clearStored(), "Cleared the stored addresses."))}>
            Clear stored addresses
          </Button>
          <ActionOutcome state={cleared} failedTitle="The stored addresses were not cleared" />
        </Card>
      )}
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
