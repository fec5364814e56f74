/** One text box with its button, submitted by Enter or the button: a website, a number's start, a name. */
import { Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";

// A text box's natural width (about 20 characters) plus its button is wider than a 320 px pane:
// the box shrinks to what is left beside the button (min-width 0 undoes flex's "never below content").
const useStyles = makeStyles({
  row: { display: "flex", gap: tokens.spacingHorizontalS, minWidth: 0 },
  box: { flexGrow: 1, minWidth: 0 },
  button: { flexShrink: 0 },
});

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
  const styles = useStyles();
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
    >
      <Field label={label} hint={hint}>
        <div className={styles.row}>
          <Input className={styles.box} value={value} onChange={(_, data) => onChange(data.value)} />
          <Button
            className={styles.button}
            type="submit"
            appearance={primary ? "primary" : "secondary"}
            disabled={busy}
          >
            {button}
          </Button>
        </div>
      </Field>
    </form>
  );
}
