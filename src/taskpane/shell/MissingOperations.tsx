/**
 * Says once, above every view, when a service turns out not to have an operation whose path the
 * add-in guessed (api/guessed.ts), and what the add-in does instead. Dismissable; the fallback
 * itself needs nothing from the user.
 */
import { Button } from "@fluentui/react-components";
import { useEffect, useState } from "react";
import type { GuessedOperation } from "@ukco/api/guessed";
import { DoneBar } from "../components/ErrorBar";
import { useRuntime } from "../runtime-context";

const INSTEAD: Readonly<Record<GuessedOperation, string>> = {
  "market.batch":
    "The multi-market service has no batch look-up, so companies are fetched one at a time (60 a minute): large MARKET columns take longer.",
  "product.exploreCatalogue":
    "The product API has no catalogue of explore lists: Explore lists shows the lists its filter catalogue names, and takes a list ID typed by hand.",
  "product.uploadCompanyNumberSet":
    "The product API has no number-set upload: long lists of company numbers are sent inline, up to 50,000 at a time.",
};

export function MissingOperations() {
  const { clients } = useRuntime();
  const [shown, setShown] = useState<GuessedOperation[]>(() => clients.guessed.list());
  const [dismissed, setDismissed] = useState<GuessedOperation[]>([]);
  useEffect(() => {
    setShown(clients.guessed.list());
    return clients.guessed.subscribe((operation) => setShown((current) => [...new Set([...current, operation])]));
  }, [clients]);
  return (
    <>
      {shown
        .filter((operation) => !dismissed.includes(operation))
        .map((operation) => (
          <div key={operation} data-testid={`missing-operation-${operation}`}>
            <DoneBar intent="info">
              {INSTEAD[operation]}{" "}
              <Button appearance="transparent" size="small" onClick={() => setDismissed((d) => [...d, operation])}>
                Dismiss
              </Button>
            </DoneBar>
          </div>
        ))}
    </>
  );
}
