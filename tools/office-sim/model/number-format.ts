/** Cell text as Excel displays a value under a number format; the common formats only. */
import { shownValue, type CellValue } from "./cell-values";

export const GENERAL = "General";
const EXCEL_EPOCH_MS = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

/** Excel's serial day number of an ISO date (1900 date system). */
export function dateToSerial(year: number, month: number, day: number): number {
  return (Date.UTC(year, month - 1, day) - EXCEL_EPOCH_MS) / DAY_MS;
}

function serialToDate(serial: number): Date {
  return new Date(EXCEL_EPOCH_MS + Math.round(serial * DAY_MS));
}

function general(n: number): string {
  if (Number.isInteger(n) && Math.abs(n) < 1e11) return String(n);
  const text = String(Number(n.toPrecision(10)));
  return text.length > 11 ? n.toExponential(5).toUpperCase() : text;
}

function grouped(n: number, decimals: number): string {
  return n.toLocaleString("en-GB", { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
}

function decimalsOf(format: string): number {
  const match = /\.(0+)/.exec(format);
  return match ? match[1]!.length : 0;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

function formatDate(serial: number, format: string): string {
  const d = serialToDate(serial);
  const pad = (n: number) => String(n).padStart(2, "0");
  // "m" right after an hour is minutes, as in Excel ("hh:mm"); anywhere else it is the month.
  let afterHour = false;
  return format.toLowerCase().replace(/yyyy|mmm|mm?|dd?|hh|ss/g, (token) => {
    const minutes = afterHour && token.startsWith("m") && token.length <= 2;
    afterHour = token === "hh" || (afterHour && !minutes && token !== "ss");
    if (minutes) return pad(d.getUTCMinutes());
    switch (token) {
      case "yyyy":
        return String(d.getUTCFullYear());
      case "mmm":
        return MONTHS[d.getUTCMonth()]!;
      case "mm":
        return pad(d.getUTCMonth() + 1);
      case "m":
        return String(d.getUTCMonth() + 1);
      case "dd":
        return pad(d.getUTCDate());
      case "d":
        return String(d.getUTCDate());
      case "hh":
        return pad(d.getUTCHours());
      default:
        return pad(d.getUTCSeconds());
    }
  });
}

function formatNumber(n: number, format: string): string {
  if (format === GENERAL || format === "" || format === "@") return general(n);
  if (/[yd]/i.test(format)) return formatDate(n, format);
  if (format.endsWith("%")) return `${(n * 100).toFixed(decimalsOf(format))}%`;
  if (format.includes("#,##")) return grouped(n, decimalsOf(format));
  if (/^0(\.0+)?$/.test(format)) return n.toFixed(decimalsOf(format));
  // INFERRED: formats the sim does not know are shown as General rather than guessed at.
  return general(n);
}

export function displayText(value: CellValue, format: string = GENERAL): string {
  if (typeof value === "number") return formatNumber(value, format);
  if (typeof value === "boolean") return value ? "TRUE" : "FALSE";
  return String(shownValue(value));
}
