/** "Refresh values older than N days": only the values fetched before then are fetched again. */
import { Button, Field, Input, Text } from "@fluentui/react-components";
import type { GuardedRefresh } from "./useGuardedRefresh";
import { companies, useRefreshOlder, type StoreAge } from "./useStoreAge";

export function RefreshOlder({ age, refresh }: { age: StoreAge; refresh: GuardedRefresh }) {
  const older = useRefreshOlder(age, refresh);
  const { progress } = older;
  return (
    <div style={{ display: "flex", flexDirection: "column", gap: 8 }} data-testid="refresh-older">
      <Field
        label="Older than, in days"
        validationMessage={older.problem}
        validationState={older.problem ? "error" : "none"}
        hint={
          older.older === undefined
            ? undefined
            : `${companies(older.stored)} stored; ${older.older.toLocaleString("en-GB")} fetched more than ${older.days} days ago.`
        }
      >
        <Input
          inputMode="numeric"
          value={older.text}
          onChange={(_, data) => older.setText(data.value)}
          onKeyDown={(event) => event.key === "Enter" && older.refresh()}
          style={{ maxWidth: 120 }}
        />
      </Field>
      <Button
        disabled={older.days === undefined || refresh.state.status === "running"}
        onClick={older.refresh}
        style={{ alignSelf: "flex-start" }}
      >
        {`Refresh values older than ${older.days ?? "N"} days`}
      </Button>
      {progress && progress.refreshed.before > 0 && (
        <Text role="status" aria-live="polite" data-testid="refresh-older-progress">
          {progress.stillOlder === 0
            ? `All ${companies(progress.refreshed.before)} fetched again.`
            : `Fetched again: ${(progress.refreshed.before - progress.stillOlder).toLocaleString("en-GB")} of ${companies(progress.refreshed.before)} (a company no formula asks for keeps its old values).`}
        </Text>
      )}
    </div>
  );
}
