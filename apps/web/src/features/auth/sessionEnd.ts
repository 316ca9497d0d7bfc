/**
 * Where to go when the app itself ends the session (the account was just deleted): the session's end
 * also arrives over the websocket, and without this the route guard would send the visitor to the
 * login page with the way back to a page of an account that no longer exists.
 */
let endedTo: string | null = null;

export function expectSessionEnd(path: string): void {
  endedTo = path;
}

export function sessionEndTarget(): string | null {
  return endedTo;
}

/** Back to normal: the target was reached, or the session did not end after all. */
export function clearSessionEnd(): void {
  endedTo = null;
}
