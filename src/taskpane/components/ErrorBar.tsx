/**
 * Every failure the pane shows, in the view where the user acted: the one mapping of errors to
 * words (toUserError), whose message names the next step. A sign-in problem also offers the way there.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { toUserError, UnavailableError } from "../../core/errors";

export interface ErrorBarProps {
  error: unknown;
  /** What the user was doing, e.g. "Import failed". */
  title: string;
  onDismiss?: () => void;
  /** Offered when the message says to sign in. */
  onSignIn?: () => void;
}

export function ErrorBar({ error, title, onDismiss, onSignIn }: ErrorBarProps) {
  const userError = toUserError(error);
  const signIn =
    userError instanceof UnavailableError &&
    (userError.reason === "not-signed-in" || userError.reason === "signed-out");
  return (
    <MessageBar intent="error" politeness="assertive" layout="multiline" data-testid="error-bar">
      <MessageBarBody>
        <MessageBarTitle>{title}</MessageBarTitle>
        {userError.message}
      </MessageBarBody>
      {(onDismiss || (signIn && onSignIn)) && (
        <MessageBarActions>
          {signIn && onSignIn && <Button onClick={onSignIn}>Go to Sign in</Button>}
          {onDismiss && <Button onClick={onDismiss}>Dismiss</Button>}
        </MessageBarActions>
      )}
    </MessageBar>
  );
}

/** A short confirmation ("Imported 5,161 companies into Companies!A3:J5164"). */
export function DoneBar({
  children,
  intent = "success",
}: {
  children: React.ReactNode;
  intent?: "success" | "info" | "warning";
}) {
  return (
    <MessageBar intent={intent} layout="multiline" data-testid="done-bar">
      <MessageBarBody>{children}</MessageBarBody>
    </MessageBar>
  );
}
