/** OfficeExtension.Error and the codes and messages Office.js uses, so add-in error handling sees what it would in Excel. */
import { HostError } from "../model/host-error";

export const OfficeErrorCodes = {
  accessDenied: "AccessDenied",
  generalException: "GeneralException",
  activityLimitReached: "ActivityLimitReached",
  invalidObjectPath: "InvalidObjectPath",
  propertyNotLoaded: "PropertyNotLoaded",
  valueNotLoaded: "ValueNotLoaded",
  invalidRequestContext: "InvalidRequestContext",
  invalidArgument: "InvalidArgument",
  runMustReturnPromise: "RunMustReturnPromise",
  cannotRegisterEvent: "CannotRegisterEvent",
  apiNotFound: "ApiNotFound",
  connectionFailure: "ConnectionFailure",
  requestPayloadSizeLimitExceeded: "RequestPayloadSizeLimitExceeded",
  responsePayloadSizeLimitExceeded: "ResponsePayloadSizeLimitExceeded",
  cannotUpdateReadOnlyProperty: "CannotUpdateReadOnlyProperty",
};

export class OfficeExtensionError extends Error {
  readonly code: string;
  readonly debugInfo: { code: string; message: string; errorLocation?: string; statement?: string };
  readonly traceMessages: string[] = [];
  readonly innerError: Error | null = null;
  readonly httpStatusCode: number;

  constructor(code: string, message: string, location?: string, statement?: string) {
    super(message);
    Object.setPrototypeOf(this, OfficeExtensionError.prototype);
    this.name = "RichApi.Error";
    this.code = code;
    this.httpStatusCode = 400;
    this.debugInfo = {
      code,
      message,
      ...(location ? { errorLocation: location } : {}),
      ...(statement ? { statement } : {}),
    };
  }
}

const PAYLOAD_DOCS =
  '"https://docs.microsoft.com/office/dev/add-ins/concepts/resource-limits-and-performance-optimization#excel-add-ins"';

export const officeErrors = {
  propertyNotLoaded: (type: string, property: string) =>
    new OfficeExtensionError(
      OfficeErrorCodes.propertyNotLoaded,
      `The property '${property}' is not available. Before reading the property's value, call the load method on the containing object and call "context.sync()" on the associated request context.`,
      `${type}.${property}`,
    ),
  readOnly: (type: string, property: string) =>
    new OfficeExtensionError(
      OfficeErrorCodes.cannotUpdateReadOnlyProperty,
      `The property '${property}' is read-only and it cannot be updated.`,
      `${type}.${property}`,
    ),
  valueNotLoaded: () =>
    new OfficeExtensionError(
      OfficeErrorCodes.valueNotLoaded,
      'The value of the result object has not been loaded yet. Before reading the value property, call "context.sync()" on the associated request context.',
    ),
  invalidObjectPath: (path: string) =>
    new OfficeExtensionError(
      OfficeErrorCodes.invalidObjectPath,
      `The object path '${path}' isn't working for what you're trying to do. If you're using the object across multiple "context.sync" calls and outside the sequential execution of a ".run" batch, please use the "context.trackedObjects.add()" and "context.trackedObjects.remove()" methods to manage the object's lifetime.`,
    ),
  runMustReturnPromise: () =>
    new OfficeExtensionError(
      OfficeErrorCodes.runMustReturnPromise,
      'The batch function passed to the ".run" method didn\'t return a promise. The function must return a promise, so that any automatically-tracked objects can be released at the completion of the batch operation. Typically, you return a promise by returning the response from "context.sync()".',
    ),
  requestTooLarge: (bytes: number, limit: number) =>
    new OfficeExtensionError(
      OfficeErrorCodes.requestPayloadSizeLimitExceeded,
      `The request payload size has exceeded the limit. Please refer to the documentation: ${PAYLOAD_DOCS}. (simulated: ${bytes} bytes, limit ${limit})`,
    ),
  responseTooLarge: (bytes: number, limit: number) =>
    new OfficeExtensionError(
      OfficeErrorCodes.responsePayloadSizeLimitExceeded,
      `The response payload size has exceeded the limit. Please refer to the documentation: ${PAYLOAD_DOCS}. (simulated: ${bytes} bytes, limit ${limit})`,
    ),
  notSimulated: (member: string) => new OfficeExtensionError("NotImplemented", `not simulated: ${member}`, member),
};

/** Errors raised while a sync runs become OfficeExtension errors naming the statement that failed. */
export function asOfficeError(error: unknown, statement: string): OfficeExtensionError {
  if (error instanceof OfficeExtensionError) return error;
  if (error instanceof HostError) return new OfficeExtensionError(error.code, error.message, undefined, statement);
  const message = error instanceof Error ? error.message : String(error);
  return new OfficeExtensionError(OfficeErrorCodes.generalException, message, undefined, statement);
}
