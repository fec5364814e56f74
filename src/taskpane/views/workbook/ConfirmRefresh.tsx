/** The question a large refresh asks first: what it would send, per service, with Refresh and Cancel. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { serviceLine } from "./estimate-words";
import type { PendingRefresh } from "./useGuardedRefresh";

export function ConfirmRefresh({
  pending,
  onConfirm,
  onCancel,
}: {
  pending: PendingRefresh;
  onConfirm(): void;
  onCancel(): void;
}) {
  const { estimate } = pending;
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="confirm-refresh">
      <MessageBarBody>
        <MessageBarTitle>{`${pending.label}: this sends`}</MessageBarTitle>
        <ul style={{ margin: "4px 0", paddingInlineStart: 18 }}>
          {estimate.services.map((service) => (
            <li key={service.service}>{serviceLine(service)}</li>
          ))}
        </ul>
        {estimate.unread > 0 &&
          `${estimate.unread.toLocaleString("en-GB")} more formulas take inputs Excel works out; they are not counted.`}
      </MessageBarBody>
      <MessageBarActions>
        <Button appearance="primary" onClick={onConfirm}>
          {`${pending.label} now`}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
