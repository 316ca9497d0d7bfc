/** The CSRF double-submit pair: the server sets the readable cookie, the web app echoes it in the header. */
export const csrfCookieName = 'olo_csrf';
export const csrfHeaderName = 'x-csrf-token';
