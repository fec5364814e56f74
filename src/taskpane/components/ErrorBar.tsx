/**
 * Every failure the pane shows, in the view where the user acted, in the pane's words
 * (error-words.ts), whose message names the next step. A credential problem also offers the way
 * to the view where credentials are set, unless the user is already there.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from "@fluentui/react-components";
import { paneWords, SIGN_IN_VIEW } from "../error-words";
import { usePaneNavigation } from "../navigation";

export interface ErrorBarProps {
  error: unknown;
  /** What the user was doing, e.g. "Import failed". */
  title: string;
  onDismiss?: () => void;
}

/**
 * A message may quote a formula or an address with no space to break at
 * (=UKCO.FIELD(A2:A3,"CompanyName")): it wraps anywhere rather than push a 320 px pane sideways.
 */
const WRAPS = { overflowWrap: "anywhere", minWidth: 0 } as const;

/** How the Sign-in view is named where the pane has no views to open (before it has started). */
const SIGN_IN_FALLBACK = "the pane's sign-in settings";

export function ErrorBar({ error, title, onDismiss }: ErrorBarProps) {
  const navigation = usePaneNavigation();
  const signInTitle = navigation?.titleOf(SIGN_IN_VIEW) ?? SIGN_IN_FALLBACK;
  const words = paneWords(error, signInTitle);
  const openSignIn =
    words.signIn && navigation && navigation.current !== SIGN_IN_VIEW
      ? () => navigation.navigate(SIGN_IN_VIEW)
      : undefined;
  return (
    <MessageBar intent="error" politeness="assertive" layout="multiline" data-testid="error-bar">
      <MessageBarBody style={WRAPS}>
        <MessageBarTitle>{title}</MessageBarTitle>
        {words.message}
      </MessageBarBody>
      {(onDismiss || openSignIn) && (
        <MessageBarActions>
          {openSignIn && <Button onClick={openSignIn}>{`Open ${signInTitle}`}</Button>}
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
      <MessageBarBody style={WRAPS}>{children}</MessageBarBody>
    </MessageBar>
  );
}
