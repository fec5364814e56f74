/**
 * The pane's frame: the title, a Home button and the Views menu, runtime problems, and the views.
 * A view stays mounted once opened (hidden when another is shown), so an import in progress or
 * a half-built query survives a look at another view. Opening a view moves focus to its heading.
 */
import { Button, makeStyles, tokens } from "@fluentui/react-components";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PaneNavigationProvider, type PaneNavigation } from "../navigation";
import type { PaneView } from "../../features/registry";
import { HomeView } from "./HomeView";
import { MissingOperations } from "./MissingOperations";
import { RuntimeProblems } from "./RuntimeProblems";
import { ViewsMenu } from "./ViewsMenu";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    flexWrap: "wrap",
    marginBottom: tokens.spacingVerticalS,
  },
  title: { flexGrow: 1, margin: 0, fontSize: tokens.fontSizeBase500 },
  viewTitle: { margin: `${tokens.spacingVerticalS} 0`, fontSize: tokens.fontSizeBase400, outline: "none" },
  stack: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalS },
});

export function Shell({ views }: { views: readonly PaneView[] }) {
  const styles = useStyles();
  const [current, setCurrent] = useState("home");
  const [opened, setOpened] = useState<string[]>([]);
  const headings = useRef(new Map<string, HTMLHeadingElement | null>());
  const focusNext = useRef(false);

  const navigate = useCallback((id: string) => {
    setCurrent(id);
    setOpened((list) => (id === "home" || list.includes(id) ? list : [...list, id]));
    focusNext.current = true;
  }, []);

  const navigation = useMemo<PaneNavigation>(
    () => ({ current, navigate, titleOf: (id) => views.find((view) => view.id === id)?.title }),
    [current, navigate, views],
  );

  useEffect(() => {
    if (!focusNext.current) return;
    focusNext.current = false;
    headings.current.get(current)?.focus();
  }, [current]);

  return (
    <PaneNavigationProvider value={navigation}>
      <div className={styles.stack}>
        <header className={styles.header}>
          <h1 className={styles.title}>UK Companies</h1>
          <nav aria-label="Pane navigation" style={{ display: "flex", gap: 4 }}>
            <Button onClick={() => navigate("home")} aria-current={current === "home" ? "page" : undefined}>
              Home
            </Button>
            <ViewsMenu views={views} current={current} navigate={navigate} />
          </nav>
        </header>
        <RuntimeProblems />
        <MissingOperations />
        <main>
          <section hidden={current !== "home"} aria-labelledby="view-home">
            <h2
              id="view-home"
              tabIndex={-1}
              className={styles.viewTitle}
              ref={(el) => void headings.current.set("home", el)}
            >
              Home
            </h2>
            <HomeView views={views} navigate={navigate} active={current === "home"} />
          </section>
          {views
            .filter((view) => opened.includes(view.id))
            .map(({ id, title, Component }) => (
              <section key={id} hidden={current !== id} aria-labelledby={`view-${id}`} data-testid={`view-${id}`}>
                <h2
                  id={`view-${id}`}
                  tabIndex={-1}
                  className={styles.viewTitle}
                  ref={(el) => void headings.current.set(id, el)}
                >
                  {title}
                </h2>
                <Component navigate={navigate} active={current === id} />
              </section>
            ))}
        </main>
      </div>
    </PaneNavigationProvider>
  );
}
