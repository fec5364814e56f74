/** Cell text under the date formats the add-in writes: ISO dates and times, and the builder's "3 Feb 2001". */
import { displayText } from "../model/number-format";

const SERIAL = 36925 + (12 * 60 + 30) / 1440; // 2001-02-03 12:30

test.each([
  ["yyyy-mm-dd", "2001-02-03"],
  ["yyyy-mm-dd hh:mm", "2001-02-03 12:30"],
  ["yyyy-mm-dd hh:mm:ss", "2001-02-03 12:30:00"],
  ["d mmm yyyy", "3 Feb 2001"],
  ["d mmm yyyy hh:mm", "3 Feb 2001 12:30"],
])("a date under %p reads %p", (format, text) => {
  expect(displayText(SERIAL, format)).toBe(text);
});
