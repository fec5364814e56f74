/**
 * Sign-in for a service that takes a key or token: enter it (a password field: never shown as
 * typed, never shown in full once saved), save, test with one cheap real call, sign out.
 */
import { Button, Field, Input } from "@fluentui/react-components";
import { useState } from "react";
import type { ServiceName } from "@ukco/api/credentials";
import { SERVICE_LABELS } from "@ukco/core/api-values";
import { InvalidArgumentError } from "@ukco/core/errors";
import { useCredentialStatus } from "../../taskpane/hooks/useCredentialStatus";
import { useRuntime } from "../../taskpane/runtime-context";
import { CONNECTION_TESTS } from "./connection-tests";
import { buttonRow, ServiceCard } from "./ServiceCard";
import { useAction } from "../../taskpane/hooks/useAction";

export interface KeyCardProps {
  service: Exclude<ServiceName, "classification">;
  title: string;
  label: string;
  hint: string;
  /** Why a value is refused before it is saved; undefined when it may be saved. */
  refuse(value: string): string | undefined;
}

export function KeyCard({ service, title, label, hint, refuse }: KeyCardProps) {
  const { credentials, clients } = useRuntime();
  const status = useCredentialStatus(service);
  const [value, setValue] = useState("");
  const [check, run, reset] = useAction();

  const save = () =>
    run(async () => {
      const key = value.trim();
      const refusal = key ? refuse(key) : `Enter your ${label.toLowerCase()} first.`;
      if (refusal) throw new InvalidArgumentError(refusal);
      await credentials.save(service, key);
      setValue("");
      return `Saved. Use Test connection to check that the ${SERVICE_LABELS[service]} accepts it.`;
    });

  return (
    <ServiceCard id={service} title={title} status={status} outcome={check} onSubmit={() => void save()}>
      <Field label={label} hint={hint}>
        <Input
          type="password"
          autoComplete="off"
          value={value}
          onChange={(_, data) => (reset(), setValue(data.value))}
        />
      </Field>
      <div style={buttonRow}>
        <Button appearance="primary" type="submit">
          Save
        </Button>
        <Button
          onClick={() => run(() => CONNECTION_TESTS[service](clients))}
          disabled={!status?.signedIn && !status?.problem}
        >
          Test connection
        </Button>
        <Button
          onClick={() =>
            run(async () => (await credentials.clear(service), `Signed out of the ${SERVICE_LABELS[service]}.`))
          }
          disabled={!status?.masked}
        >
          Sign out
        </Button>
      </div>
    </ServiceCard>
  );
}
