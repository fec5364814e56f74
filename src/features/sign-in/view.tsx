/** Sign in and settings: one card per service, the service addresses, and the sandbox shortcut. */
import { makeStyles, tokens } from "@fluentui/react-components";
import { checkMatchingKey, MATCHING_KEY_PREFIX } from "@ukco/core/api-values";
import { defineView } from "../registry";
import { useRuntime } from "../../taskpane/runtime-context";
import { ClassificationCard } from "./ClassificationCard";
import { GatewayCard } from "./GatewayCard";
import { KeyCard } from "./KeyCard";
import { SandboxFill } from "./SandboxFill";
import { ServiceUrlsCard } from "./ServiceUrlsCard";

const useStyles = makeStyles({ stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM } });

/** A matching key is only ever sent to matching; anything but one is refused here before it is stored. */
const notAMatchingKey = (value: string) =>
  value.startsWith(MATCHING_KEY_PREFIX)
    ? `That is a matching API key (${MATCHING_KEY_PREFIX}…): it belongs in the matching service's card.`
    : undefined;

function SignIn() {
  const styles = useStyles();
  const { config } = useRuntime();
  // Through a team gateway the user signs in to the gateway only; it holds the services' keys.
  if (config.gateway)
    return (
      <div className={styles.stack}>
        <GatewayCard />
      </div>
    );
  return (
    <div className={styles.stack}>
      <SandboxFill />
      <KeyCard
        service="product"
        title="Product API"
        label="Bearer token"
        hint="The token your administrator gave you."
        refuse={notAMatchingKey}
      />
      <KeyCard
        service="matching"
        title="Matching service"
        label="API key"
        hint={`Starts with ${MATCHING_KEY_PREFIX}.`}
        refuse={(value) =>
          checkMatchingKey(value)
            ? `A matching API key starts with ${MATCHING_KEY_PREFIX}; this one does not, so it was not saved.`
            : undefined
        }
      />
      <ClassificationCard />
      <KeyCard
        service="market"
        title="Multi-market service"
        label="API key"
        hint="The key for the US, French, German and Irish markets."
        refuse={notAMatchingKey}
      />
      <ServiceUrlsCard />
    </div>
  );
}

export const signInView = defineView({
  id: "sign-in",
  title: "Sign in and settings",
  description: "Credentials for the four services, their addresses, connection tests.",
  group: "Set up",
  Component: SignIn,
});
