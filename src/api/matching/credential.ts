/** Which stored credentials the matching service may be sent. */
import { looksLikeJwt } from "../jwt";

/** Contract: a customer API key starts with this prefix. */
export const MATCHING_KEY_PREFIX = "dm_live_";

/** A login JWT is never sent to matching (it answers 401 to one); neither is anything but a `dm_live_` key. */
export function checkMatchingKey(token: string): "wrong-kind" | undefined {
  if (looksLikeJwt(token) || !token.startsWith(MATCHING_KEY_PREFIX)) return "wrong-kind";
  return undefined;
}
