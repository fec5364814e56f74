/** Credentials are never shown in full: only enough of the end to tell two apart. */
const SHOWN = 4;
/** INFERRED (ours): shorter than this, nothing of it is shown. */
const MIN_LENGTH_TO_HINT = 12;

export function maskSecret(secret: string): string {
  if (secret.length < MIN_LENGTH_TO_HINT) return "•".repeat(8);
  return `${"•".repeat(8)}${secret.slice(-SHOWN)}`;
}
