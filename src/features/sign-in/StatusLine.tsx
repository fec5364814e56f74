/** One service's sign-in status in words: signed in (and until when), refused, expired, or not signed in. */
import { Badge, Text } from "@fluentui/react-components";
import type { ShownStatus } from "../../taskpane/hooks/useCredentialStatus";

const when = (ms: number) => new Date(ms).toISOString().slice(0, 16).replace("T", " ") + " UTC";

export function describeStatus(status: ShownStatus | undefined): {
  label: string;
  color: "success" | "danger" | "warning" | "informative";
  detail: string;
} {
  if (!status) return { label: "Checking…", color: "informative", detail: "" };
  if (status.problem === "rejected")
    return { label: "Refused", color: "danger", detail: "The service refused this credential: enter a new one." };
  if (status.problem === "wrong-kind")
    return { label: "Wrong kind", color: "danger", detail: "This is not the kind of credential this service takes." };
  if (status.problem === "expired")
    return { label: "Expired", color: "warning", detail: "Your sign-in has expired: sign in again." };
  if (!status.signedIn) return { label: "Not signed in", color: "informative", detail: "" };
  const who = status.username ? ` as ${status.username}` : "";
  const until = status.expiresAt ? ` until ${when(status.expiresAt)}` : "";
  return { label: "Signed in", color: "success", detail: `Signed in${who}${until}.` };
}

export function StatusLine({ status }: { status: ShownStatus | undefined }) {
  const shown = describeStatus(status);
  return (
    <div role="status" style={{ display: "flex", gap: 8, alignItems: "center", flexWrap: "wrap" }}>
      <Badge appearance="tint" color={shown.color}>
        {shown.label}
      </Badge>
      {status?.masked && <Text size={200}>Stored: {status.masked}</Text>}
      {shown.detail && <Text size={200}>{shown.detail}</Text>}
    </div>
  );
}
