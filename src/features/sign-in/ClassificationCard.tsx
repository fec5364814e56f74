/**
 * Sign-in to the instant classification service: a username and password exchanged once for a
 * token (clients.classification.login). The password is read from its field at the moment of the
 * exchange and the field is emptied: it never enters React state, storage or a log.
 */
import { Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import { useRef, useState } from "react";
import { InvalidArgumentError } from "@ukco/core/errors";
import { useCredentialStatus } from "../../taskpane/hooks/useCredentialStatus";
import { useRuntime } from "../../taskpane/runtime-context";
import { testClassification } from "./connection-tests";
import { buttonRow, ServiceCard } from "./ServiceCard";
import { useAction } from "../../taskpane/hooks/useAction";

/**
 * A native input, not Fluent's Input: Fluent keeps an uncontrolled value in React state, and the
 * password must live only in the field until the exchange empties it.
 */
const useStyles = makeStyles({
  password: {
    minHeight: "32px",
    padding: `0 ${tokens.spacingHorizontalM}`,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderBottomColor: tokens.colorNeutralStrokeAccessible,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontFamily: tokens.fontFamilyBase,
    fontSize: tokens.fontSizeBase300,
    ":focus": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "1px" },
  },
});

export function ClassificationCard() {
  const styles = useStyles();
  const { credentials, clients } = useRuntime();
  const status = useCredentialStatus("classification");
  const [username, setUsername] = useState("");
  const password = useRef<HTMLInputElement>(null);
  const [check, run] = useAction();

  const signIn = () =>
    run(async () => {
      const field = password.current;
      const secret = field?.value ?? "";
      if (field) field.value = "";
      if (!username.trim() || !secret)
        throw new InvalidArgumentError("Enter your classification username and password.");
      const token = await clients.classification.login(username.trim(), secret);
      await credentials.save("classification", token.accessToken, { username: username.trim() });
      return `Signed in as ${username.trim()}.`;
    });

  const checkExpiry = () =>
    run(async () => {
      const now = await credentials.status("classification");
      if (!now.signedIn)
        throw new InvalidArgumentError(
          now.problem === "expired"
            ? "Your sign-in has expired: sign in again."
            : "Not signed in: enter your username and password.",
        );
      const days = now.expiresAt ? Math.floor((now.expiresAt - Date.now()) / 86_400_000) : undefined;
      return `Your sign-in is valid${days !== undefined ? ` for ${days} more day${days === 1 ? "" : "s"}` : ""} (checked without a call).`;
    });

  return (
    <ServiceCard
      id="classification"
      title="Classification service"
      status={status}
      outcome={check}
      onSubmit={() => void signIn()}
    >
      <Field label="Username">
        <Input autoComplete="username" value={username} onChange={(_, data) => setUsername(data.value)} />
      </Field>
      <Field label="Password" hint="Used once to sign in; never stored.">
        {(props) => (
          <input
            {...props}
            type="password"
            autoComplete="current-password"
            ref={password}
            className={styles.password}
          />
        )}
      </Field>
      <div style={buttonRow}>
        <Button appearance="primary" type="submit">
          Sign in
        </Button>
        <Button onClick={checkExpiry}>Test connection</Button>
        <Button
          onClick={() =>
            run(async () => (await credentials.clear("classification"), "Signed out of the classification service."))
          }
          disabled={!status?.masked && !status?.username}
        >
          Sign out
        </Button>
      </div>
      <Button appearance="subtle" onClick={() => run(() => testClassification(clients))} disabled={!status?.signedIn}>
        Try one classification (uses 1 of your 5 a minute; on the free tier, 1 of 20)
      </Button>
    </ServiceCard>
  );
}
