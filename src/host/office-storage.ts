/** OfficeRuntime.storage as the core's key-value storage (per add-in domain, outside the workbook). */
import type { KeyValueStorage } from "@ukco/core/credentials";

export const officeRuntimeStorage: KeyValueStorage = {
  getItem: (key) => OfficeRuntime.storage.getItem(key),
  setItem: (key, value) => OfficeRuntime.storage.setItem(key, value),
  removeItem: (key) => OfficeRuntime.storage.removeItem(key),
};
