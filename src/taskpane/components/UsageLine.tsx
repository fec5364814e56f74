/**
 * "Product API: 12 requests sent · 3 waiting · 1 rate limit absorbed": one line per service while
 * it works, so a long refresh or import shows where it stands and that a 429 cost time, not data.
 */
import { Text } from "@fluentui/react-components";
import { SERVICE_LABELS } from "@ukco/core/api-values";
import { useUsage, type ServiceUsage } from "../hooks/useUsage";

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-GB")} ${n === 1 ? one : many}`;

function words(u: ServiceUsage): string {
  const label = SERVICE_LABELS[u.service];
  const parts = [`${count(u.sent, "request")} sent`];
  if (u.waiting > 0) parts.push(`${u.waiting.toLocaleString("en-GB")} waiting`);
  if (u.throttledAbsorbed > 0) parts.push(`${count(u.throttledAbsorbed, "rate limit")} (429) absorbed`);
  return `${label[0]!.toUpperCase()}${label.slice(1)}: ${parts.join(" · ")}`;
}

export function UsageLine({ active = true }: { active?: boolean }) {
  const usage = useUsage(active);
  if (usage.length === 0) return null;
  return (
    <div role="status" aria-live="polite" data-testid="usage-line">
      {usage.map((u) => (
        <Text key={u.service} size={200} block>
          {words(u)}
        </Text>
      ))}
    </div>
  );
}
