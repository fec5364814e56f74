/** The question a large refresh asks first: what it would send, per service, with Refresh and Cancel. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import type { RefreshEstimate } from "@ukco/core/analysis/refresh-estimate";
import { serviceLine } from "./estimate-words";

/** `label`: the refresh as its button names it ("Refresh workbook"). */
export function ConfirmRefresh({
  label,
  estimate,
  onConfirm,
  onCancel,
}: {
  label: string;
  estimate: RefreshEstimate;
  onConfirm(): void;
  onCancel(): void;
}) {
  return (
    <MessageBar intent="warning" layout="multiline" data-testid="confirm-refresh">
      <MessageBarBody>
        <MessageBarTitle>{`${label}: this sends`}</MessageBarTitle>
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
          {`${label} now`}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
