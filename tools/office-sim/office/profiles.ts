/**
 * Platform profiles: the requirement sets, platform and payload limit of the Excel builds an add-in
 * meets, from Microsoft's requirement-set tables (the newest build of each, except where a build is
 * named). Choose one with `createSimulatedExcel({ profile })` or `__officeSimConfig.profile`.
 *
 *   ExcelApi:               learn.microsoft.com/javascript/api/requirement-sets/excel/excel-api-requirement-sets
 *   CustomFunctionsRuntime: learn.microsoft.com/javascript/api/requirement-sets/excel/custom-functions-requirement-sets
 *   SharedRuntime:          learn.microsoft.com/javascript/api/requirement-sets/common/shared-runtime-requirement-sets
 *   5 MB:                   learn.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins
 */

export type PlatformProfileName = "web" | "windows" | "mac" | "office-2021" | "office-2024" | "oldest";

export interface PlatformProfile {
  name: PlatformProfileName;
  /** What the user has, in words. */
  label: string;
  /** Office.context.platform. */
  platform: "OfficeOnline" | "PC" | "Mac";
  /** Requirement sets reported; the "oldest" profile takes the manifest's own minimums instead. */
  requirementSets: Record<string, string>;
  /** The most one sync may carry each way. */
  payloadLimitBytes: number;
}

/** Excel on the web's limit on a request and on a response; documented for the web only. */
export const WEB_PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;

/** Microsoft 365 on Windows (Version 2606) and on Mac (16.110.1) report the same sets. */
const MICROSOFT_365_DESKTOP = {
  ExcelApi: "1.21",
  ExcelApiDesktop: "1.1",
  CustomFunctionsRuntime: "1.5",
  SharedRuntime: "1.2",
  AddinCommands: "1.1",
};

export const PLATFORM_PROFILES: Readonly<Record<PlatformProfileName, PlatformProfile>> = {
  web: {
    name: "web",
    label: "Excel on the web",
    platform: "OfficeOnline",
    requirementSets: {
      ExcelApi: "1.21",
      ExcelApiOnline: "1.1",
      CustomFunctionsRuntime: "1.5",
      SharedRuntime: "1.2",
      AddinCommands: "1.1",
    },
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
  windows: {
    name: "windows",
    label: "Excel for Microsoft 365 on Windows (Version 2606 or later)",
    platform: "PC",
    requirementSets: MICROSOFT_365_DESKTOP,
    // INFERRED: the 5 MB limit is documented for the web; desktop profiles keep it, which is stricter.
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
  mac: {
    name: "mac",
    label: "Excel for Microsoft 365 on Mac (16.110.1 or later)",
    platform: "Mac",
    requirementSets: MICROSOFT_365_DESKTOP,
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
  // Volume-licensed Office 2021 (LTSC): ExcelApi stops at 1.14, and no perpetual Office has
  // CustomFunctionsRuntime 1.4 (data types from custom functions); 1.3 from Version 2108.
  "office-2021": {
    name: "office-2021",
    label: "Office 2021 (volume-licensed perpetual)",
    platform: "PC",
    requirementSets: { ExcelApi: "1.14", CustomFunctionsRuntime: "1.3", SharedRuntime: "1.1", AddinCommands: "1.1" },
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
  // Volume-licensed Office 2024 (LTSC): ExcelApi 1.17, so the data-type APIs (1.16) are there, but
  // CustomFunctionsRuntime is still 1.3, as on retail perpetual Office.
  "office-2024": {
    name: "office-2024",
    label: "Office 2024 (volume-licensed perpetual)",
    platform: "PC",
    requirementSets: { ExcelApi: "1.17", CustomFunctionsRuntime: "1.3", SharedRuntime: "1.2", AddinCommands: "1.1" },
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
  // Each set at the least version the manifest's <Requirements> admits (manifestRequirementSets).
  oldest: {
    name: "oldest",
    label: "the oldest Excel the manifest admits",
    platform: "PC",
    requirementSets: {},
    payloadLimitBytes: WEB_PAYLOAD_LIMIT_BYTES,
  },
};

export function platformProfile(name: string): PlatformProfile {
  const profile = (PLATFORM_PROFILES as Record<string, PlatformProfile | undefined>)[name];
  if (!profile)
    throw new Error(`office-sim: no platform profile "${name}" (one of ${Object.keys(PLATFORM_PROFILES).join(", ")})`);
  return profile;
}

/**
 * The sets a manifest requires, each at its MinVersion (or the <Sets> element's DefaultMinVersion):
 * the first <Requirements> block, the add-in's own, not a VersionOverrides one.
 */
export function manifestRequirementSets(xml: string): Record<string, string> {
  const block = /<Requirements>(?:\s|<!--[\s\S]*?-->)*<Sets\b([^>]*)>([\s\S]*?)<\/Sets>/.exec(xml);
  if (!block) return {};
  const fallback = /DefaultMinVersion="([^"]+)"/.exec(block[1] ?? "")?.[1] ?? "1.1";
  const sets: Record<string, string> = {};
  for (const [, attributes] of (block[2] ?? "").matchAll(/<Set\b([^>]*)\/?>/g)) {
    const name = /\bName="([^"]+)"/.exec(attributes ?? "")?.[1];
    if (name) sets[name] = /\bMinVersion="([^"]+)"/.exec(attributes ?? "")?.[1] ?? fallback;
  }
  return sets;
}
