/**
 * The four service addresses: shown, and overridable by the user (an organisation's proxy, or a
 * local service). Each is checked like the deployment's own before it is saved; an empty field
 * goes back to the deployment's address.
 */
import { Button, Card, CardHeader, Field, Input, Text } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { ServiceName } from "@ukco/api/credentials";
import { SERVICE_LABELS, SERVICE_NAMES } from "@ukco/core/api-values";
import { applyServiceOverrides, type ServiceUrls } from "@ukco/core/config";
import { readServiceOverrides, saveServiceOverrides } from "../../host/runtime";
import { useRuntime, useRuntimeState } from "../../taskpane/runtime-context";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import { useAction } from "../../taskpane/hooks/useAction";

export function ServiceUrlsCard() {
  const { config } = useRuntime();
  const { reload } = useRuntimeState();
  const [overrides, setOverrides] = useState<Partial<ServiceUrls>>({});
  const [check, run] = useAction();
  useEffect(() => {
    readServiceOverrides().then(setOverrides, () => undefined);
  }, []);

  const save = () =>
    run(async () => {
      const cleaned = Object.fromEntries(
        SERVICE_NAMES.map((name) => [name, overrides[name]?.trim() ?? ""]).filter(([, v]) => v),
      ) as Partial<ServiceUrls>;
      applyServiceOverrides(config, cleaned, window.location.href);
      await saveServiceOverrides(cleaned);
      reload();
      return Object.keys(cleaned).length
        ? "Saved: the add-in now uses these addresses."
        : "Saved: the add-in uses the deployment's addresses.";
    });

  const set = (name: ServiceName, value: string) => setOverrides((current) => ({ ...current, [name]: value }));
  return (
    <Card aria-labelledby="urls-title" data-testid="card-urls">
      <CardHeader
        header={
          <Text as="h3" weight="semibold" id="urls-title" style={{ margin: 0 }}>
            Service addresses
          </Text>
        }
      />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
        style={{ display: "flex", flexDirection: "column", gap: 8 }}
      >
        {SERVICE_NAMES.map((name) => (
          <Field
            key={name}
            label={`${SERVICE_LABELS[name][0]!.toUpperCase()}${SERVICE_LABELS[name].slice(1)}`}
            hint={`In use: ${config.services[name]}. Leave empty to keep the deployment's address.`}
          >
            <Input
              inputMode="url"
              placeholder="Deployment's address"
              value={overrides[name] ?? ""}
              onChange={(_, data) => set(name, data.value)}
            />
          </Field>
        ))}
        <Button type="submit">Save addresses</Button>
      </form>
      <ActionOutcome state={check} failedTitle="Addresses not saved" />
    </Card>
  );
}
