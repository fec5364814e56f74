/** A1 addresses built from positions, for messages that name cells ("Sheet1!A7"). */

/** 0 → A, 25 → Z, 26 → AA. */
export function columnLetters(index: number): string {
  let n = index + 1;
  let letters = "";
  while (n > 0) {
    const rest = (n - 1) % 26;
    letters = String.fromCharCode(65 + rest) + letters;
    n = Math.floor((n - 1) / 26);
  }
  return letters;
}

/** A sheet name as Excel writes it in an address: quoted when it holds anything but letters, digits and _. */
export function quoteSheet(sheet: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(sheet) ? sheet : `'${sheet.replace(/'/g, "''")}'`;
}

/** Zero-based row and column → `Sheet1!B7` (or `B7` without a sheet). */
export function cellAddress(sheet: string, row: number, column: number): string {
  const cell = `${columnLetters(column)}${row + 1}`;
  return sheet ? `${quoteSheet(sheet)}!${cell}` : cell;
}

/** Zero-based corners → `Sheet1!A3:D10`. */
export function rangeAddress(
  sheet: string,
  row: number,
  column: number,
  rowCount: number,
  columnCount: number,
): string {
  const end = `${columnLetters(column + columnCount - 1)}${row + rowCount}`;
  return `${cellAddress(sheet, row, column)}:${end}`;
}
