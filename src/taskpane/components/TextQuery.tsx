/** One text box with its button, submitted by Enter or the button: a website, a number's start, a name. */
import { Button, Field, Input } from "@fluentui/react-components";

interface Props {
  label: string;
  hint: string;
  value: string;
  onChange(value: string): void;
  button: string;
  busy: boolean;
  onSubmit(): void;
  primary?: boolean;
}

export function TextQuery({ label, hint, value, onChange, button, busy, onSubmit, primary = true }: Props) {
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field label={label} hint={hint}>
        <div style={{ display: "flex", gap: 8 }}>
          <Input value={value} onChange={(_, data) => onChange(data.value)} style={{ flexGrow: 1 }} />
          <Button type="submit" appearance={primary ? "primary" : "secondary"} disabled={busy}>
            {button}
          </Button>
        </div>
      </Field>
    </form>
  );
}
