/**
 * The home page: whether each service is signed in, where to start (and what the selection
 * suggests), then every view grouped by task, each with one line on what it does.
 */
import { Button, Text, makeStyles, tokens } from "@fluentui/react-components";
import { groupViews, type PaneView } from "../../features/registry";
import { SignInSummary } from "./SignInSummary";
import { StartHere } from "./StartHere";
import { useSelectionSuggestion } from "./useSelectionSuggestion";

const useStyles = makeStyles({
  list: {
    listStyle: "none",
    margin: 0,
    padding: 0,
    display: "flex",
    flexDirection: "column",
    gap: tokens.spacingVerticalS,
  },
  item: {
    width: "100%",
    justifyContent: "flex-start",
    textAlign: "left",
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    padding: tokens.spacingVerticalS,
  },
  group: { margin: `${tokens.spacingVerticalM} 0 ${tokens.spacingVerticalXS}`, fontSize: tokens.fontSizeBase300 },
});

/** An element id must not hold a space (aria-labelledby reads a space as a second id). */
const headingId = (group: string) => `group-${group.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

export function HomeView({
  views,
  navigate,
  active,
}: {
  views: readonly PaneView[];
  navigate(id: string): void;
  active: boolean;
}) {
  const styles = useStyles();
  const suggestion = useSelectionSuggestion(active);
  return (
    <div>
      <SignInSummary navigate={navigate} />
      <StartHere suggestion={suggestion} navigate={navigate} />
      {groupViews(views).map(({ group, views: inGroup }) => (
        <section key={group} aria-labelledby={headingId(group)}>
          <h2 id={headingId(group)} className={styles.group}>
            {group}
          </h2>
          <ul className={styles.list}>
            {inGroup.map((view) => (
              <li key={view.id}>
                <Button
                  className={styles.item}
                  appearance="secondary"
                  onClick={() => navigate(view.id)}
                  data-testid={`open-${view.id}`}
                >
                  <Text weight="semibold">{view.title}</Text>
                  <Text size={200}>{view.description}</Text>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
