/** The CSRF double-submit pair: the server sets the readable cookie, the web app echoes it in the header. */
export const csrfCookieName = 'olo_csrf';
export const csrfHeaderName = 'x-csrf-token';

/**
 * The close code of a websocket whose session has ended (logout, password change, an account deactivated or deleted).
 * Not one of graphql-ws's fatal codes: the client reconnects with the cookie it has now and asks who is signed in.
 */
export const sessionEndedCloseCode = 4001;
