/** The home page's first line: whether each service (or the team gateway) is signed in, and the way to sign in. */
import { Badge, Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { ServiceName } from "@ukco/api/credentials";
import { SERVICE_LABELS, SERVICE_NAMES } from "@ukco/core/api-values";
import { useCredentialStatus } from "../hooks/useCredentialStatus";
import { useRuntime } from "../runtime-context";

const useStyles = makeStyles({
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexWrap: "wrap",
    gap: tokens.spacingHorizontalXS,
  },
  row: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

/** Short names for a 320 px pane: "Product API", "Matching", … */
const SHORT: Readonly<Record<ServiceName, string>> = {
  product: "Product API",
  matching: "Matching",
  classification: "Classification",
  market: "Multi-market",
};

function ServiceBadge({ service, label }: { service: ServiceName; label: string }) {
  const status = useCredentialStatus(service);
  const signedIn = status?.signedIn === true;
  return (
    <li>
      <Badge
        appearance="tint"
        color={signedIn ? "success" : "informative"}
        data-testid={`home-status-${service}`}
        aria-label={`${SERVICE_LABELS[service]}: ${signedIn ? "signed in" : "not signed in"}`}
      >
        {`${label}: ${signedIn ? "signed in" : "not signed in"}`}
      </Badge>
    </li>
  );
}

export function SignInSummary({ navigate }: { navigate(id: string): void }) {
  const styles = useStyles();
  const { credentials } = useRuntime();
  const gateway = credentials.throughGateway;
  return (
    <section aria-label="Sign-in status" className={styles.row} data-testid="home-sign-in">
      <ul className={styles.list}>
        {gateway ? (
          <ServiceBadge service="product" label="Team gateway" />
        ) : (
          SERVICE_NAMES.map((service) => <ServiceBadge key={service} service={service} label={SHORT[service]} />)
        )}
      </ul>
      <Text size={200}>
        <Button appearance="transparent" size="small" onClick={() => navigate("sign-in")}>
          Sign in and settings
        </Button>
      </Text>
    </section>
  );
}
