import { csrfCookieName, csrfHeaderName } from '@olo/shared';

export function readCookie(name: string, cookies: string = typeof document === 'undefined' ? '' : document.cookie) {
  for (const part of cookies.split(';')) {
    const [rawName, ...rest] = part.trim().split('=');
    if (rawName === name) return decodeURIComponent(rest.join('='));
  }
  return '';
}

/**
 * Fetch for /graphql that carries the CSRF cookie's value in the header. When the page was served without the
 * cookie (e.g. the Vite dev server), the first refused request makes the server set it, so that one is sent again.
 */
export const csrfFetch: typeof fetch = async (input, init) => {
  const send = (token: string) => {
    const headers = new Headers(init?.headers);
    if (token) headers.set(csrfHeaderName, token);
    return fetch(input, { ...init, headers });
  };
  const token = readCookie(csrfCookieName);
  const response = await send(token);
  if (response.status === 403) {
    const newToken = readCookie(csrfCookieName);
    if (newToken && newToken !== token) return send(newToken);
  }
  return response;
};
