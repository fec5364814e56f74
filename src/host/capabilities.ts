/**
 * What this Excel can do, asked once: data types (entity and formatted-number values) need ExcelApi
 * 1.16; a number format on a Double value, ExcelApi 1.19.
 */
import type { HostCapabilities } from "./excel-values";

let cached: HostCapabilities | undefined;

export function hostCapabilities(): HostCapabilities {
  if (cached) return cached;
  const requirements = typeof Office !== "undefined" ? Office.context?.requirements : undefined;
  const capabilities = {
    dataTypes: requirements?.isSetSupported("ExcelApi", "1.16") ?? false,
    doubleFormats: requirements?.isSetSupported("ExcelApi", "1.19") ?? false,
  };
  // Before Office is ready there is no answer yet; ask again next time rather than remember "no".
  if (requirements) cached = capabilities;
  return capabilities;
}
