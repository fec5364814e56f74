/**
 * Wraps an API object so that reading or setting a member the sim does not implement throws
 * "not simulated: <member>" instead of quietly giving undefined. `reached`, when given, sees every
 * member that is read (the Excel proxies refuse one above the host's requirement sets there).
 */
import { officeErrors } from "./errors";

// Names that libraries probe on any object (promise resolution, test matchers, serialisers).
const PROBES = new Set([
  "then",
  "toJSON",
  "constructor",
  "asymmetricMatch",
  "nodeType",
  "tagName",
  "inspect",
  "length",
  "prototype",
  "nodeName",
  "jasmineToString",
]);

export function guard<T extends object>(
  target: T,
  name: string,
  members: RegExp = /^[a-z][A-Za-z0-9]*$/,
  reached?: (receiver: T, member: string, value: unknown) => unknown,
): T {
  return new Proxy(target, {
    get(obj, prop, receiver) {
      if (typeof prop === "string" && !(prop in obj) && members.test(prop) && !PROBES.has(prop))
        throw officeErrors.notSimulated(`${name}.${prop}`);
      const value: unknown = Reflect.get(obj, prop, receiver);
      return reached && typeof prop === "string" && prop.charCodeAt(0) !== 95 /* _ */
        ? reached(receiver as T, prop, value)
        : value;
    },
    set(obj, prop, value, receiver) {
      if (typeof prop === "string" && !(prop in obj) && members.test(prop))
        throw officeErrors.notSimulated(`${name}.${prop} (setting it)`);
      return Reflect.set(obj, prop, value, receiver);
    },
  });
}
