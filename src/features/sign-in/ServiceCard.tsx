/** The frame every sign-in card shares: a titled card, the service's status, a form, and what the last action came to. */
import { Card, CardHeader, Text } from "@fluentui/react-components";
import type { ReactNode } from "react";
import { ActionOutcome } from "../../taskpane/components/ActionOutcome";
import type { ActionState } from "../../taskpane/hooks/useAction";
import type { ShownStatus } from "../../taskpane/hooks/useCredentialStatus";
import { StatusLine } from "./StatusLine";

export interface ServiceCardProps {
  id: string;
  title: string;
  status?: ShownStatus;
  outcome: ActionState;
  onSubmit(): void;
  children: ReactNode;
}

export function ServiceCard({ id, title, status, outcome, onSubmit, children }: ServiceCardProps) {
  return (
    <Card aria-labelledby={`${id}-title`} data-testid={`card-${id}`}>
      <CardHeader
        header={
          <Text as="h3" weight="semibold" id={`${id}-title`} style={{ margin: 0 }}>
            {title}
          </Text>
        }
      />
      {status !== undefined && <StatusLine status={status} />}
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        style={{ display: "flex", flexDirection: "column", gap: 8 }}
      >
        {children}
      </form>
      <ActionOutcome state={outcome} failedTitle={`${title}: that did not work`} />
    </Card>
  );
}

export const buttonRow = { display: "flex", gap: 8, flexWrap: "wrap" } as const;
