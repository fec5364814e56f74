/**
 * Until the engine is wired in, every function answers #N/A with a message that says so,
 * rather than a silent blank.
 */
export async function notConnectedYet(name: string, _args: unknown[], _invocation: CustomFunctions.Invocation): Promise<any[][]> {
  throw new CustomFunctions.Error(
    CustomFunctions.ErrorCode.notAvailable,
    `UKCO.${name} is installed but not connected to the services yet.`,
  );
}
