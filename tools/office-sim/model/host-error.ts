/** An error the simulated Excel raises for a request it refuses; code is an Excel.ErrorCodes value. */
export class HostError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = "HostError";
  }
}

export const invalidArgument = (message: string) => new HostError("InvalidArgument", message);
export const itemNotFound = (message: string) => new HostError("ItemNotFound", message);
export const notSimulated = (member: string) => new HostError("NotImplemented", `not simulated: ${member}`);
