/** Office reports its theme only inside Office; elsewhere fall back to the browser's preference. */
export function officeUsesDarkTheme(): boolean {
  const theme = typeof Office !== "undefined" ? Office.context?.officeTheme : undefined;
  if (theme?.bodyBackgroundColor) return relativeLuminance(theme.bodyBackgroundColor) < 0.4;
  return typeof matchMedia === "function" && matchMedia("(prefers-color-scheme: dark)").matches;
}

function relativeLuminance(hex: string): number {
  const digits = hex.replace("#", "");
  if (!/^[0-9a-f]{6}$/i.test(digits)) return 1;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}
