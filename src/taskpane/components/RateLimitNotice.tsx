/**
 * "Waiting for the rate limit": shown while a service's governor holds requests back (a 429 paused
 * it, or its per-minute budget is spent), with the governor's own estimate of the wait. A wait is
 * not a failure, so this is a warning that goes away by itself.
 */
import { MessageBar, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import type { ServiceName } from "@ukco/api/credentials";
import { SERVICE_LABELS } from "@ukco/core/api-values";
import { useGovernor } from "../hooks/useGovernor";

/** INFERRED (ours): a queue that drains within this long is not worth a notice. */
const NOTICE_AFTER_MS = 1_500;

export function RateLimitNotice({ service }: { service: ServiceName }) {
  const snapshot = useGovernor(service);
  const pausedMs = snapshot.pausedUntil > 0 ? snapshot.pausedUntil - Date.now() : 0;
  const waitMs = Math.max(pausedMs, snapshot.queued > 0 ? snapshot.drainEstimateMs : 0);
  if (waitMs < NOTICE_AFTER_MS && pausedMs <= 0) return null;
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  const why = pausedMs > 0 ? "the service asked us to slow down" : "its per-minute limit is used up";
  return (
    <MessageBar intent="warning" data-testid="rate-limit-notice">
      <MessageBarBody>
        <MessageBarTitle>Waiting for the rate limit</MessageBarTitle>
        The {SERVICE_LABELS[service]} is busy ({why}): continuing in about {seconds} s
        {snapshot.queued > 1 ? `, ${snapshot.queued} requests waiting` : ""}.
      </MessageBarBody>
    </MessageBar>
  );
}
