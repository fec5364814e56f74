/** The one-click tearsheet: makes the sheet for the selected company and keeps what it came to. */
import { useCallback } from "react";
import { tearsheetForSelection } from "../../../host/tearsheet";
import { useAction } from "../../hooks/useAction";

export function useTearsheet() {
  const [state, run] = useAction();
  const make = useCallback(
    () =>
      run(async () => {
        const { sheet, number, charts } = await tearsheetForSelection();
        return `Made the sheet "${sheet}" for company ${number}: every value is a UKCO formula, so a refresh updates it; ${charts} charts show its history.`;
      }),
    [run],
  );
  return { state, make };
}
