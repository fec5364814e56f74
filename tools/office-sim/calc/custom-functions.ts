/** The CustomFunctions namespace as the custom functions runtime defines it (Error, ErrorCode, associate). */
import { type FunctionRegistry, type Implementation } from "./metadata";

export const ErrorCode = {
  invalidValue: "#VALUE!",
  notAvailable: "#N/A",
  divisionByZero: "#DIV/0!",
  invalidNumber: "#NUM!",
  nullReference: "#NULL!",
  invalidName: "#NAME?",
  invalidReference: "#REF!",
} as const;

type ErrorCodeValue = (typeof ErrorCode)[keyof typeof ErrorCode];

/** As in the runtime: a subclass of Error whose message is kept only for #VALUE! and #N/A. */
export class CustomFunctionsError extends Error {
  readonly type = "Error";
  code: ErrorCodeValue;
  basicValue: ErrorCodeValue;

  constructor(code?: ErrorCodeValue, message?: string) {
    super(message || "");
    Object.setPrototypeOf(this, CustomFunctionsError.prototype);
    this.code = code || ErrorCode.invalidValue;
    this.basicValue = this.code;
  }
}

export interface CustomFunctionsNamespace {
  associate(idOrMappings: string | Record<string, Implementation>, fn?: Implementation): void;
  Error: typeof CustomFunctionsError;
  ErrorCode: typeof ErrorCode;
}

export function createCustomFunctions(registry: FunctionRegistry): CustomFunctionsNamespace {
  return {
    associate: (idOrMappings, fn) => registry.associate(idOrMappings, fn),
    Error: CustomFunctionsError,
    ErrorCode,
  };
}
