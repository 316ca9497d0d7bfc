/** Where a visitor who must sign in first is sent; the full original path comes back after login. */
export function loginRedirectPath(location: { pathname: string; search?: string; hash?: string }): string {
  const original = `${location.pathname}${location.search ?? ''}${location.hash ?? ''}`;
  return `/login?redirectFrom=${encodeURIComponent(original)}`;
}

export const afterLoginDefaultPath = '/home';

/** Only a path of this site is followed after login, so that a crafted link cannot send users elsewhere. */
export function safeRedirectTarget(redirectFrom: string | null | undefined, origin = window.location.origin): string {
  if (!redirectFrom?.startsWith('/') || redirectFrom.startsWith('//') || redirectFrom.includes('\\')) {
    return afterLoginDefaultPath;
  }
  try {
    const url = new URL(redirectFrom, origin);
    if (url.origin !== origin) return afterLoginDefaultPath;
    const target = `${url.pathname}${url.search}${url.hash}`;
    return target.startsWith('/login') ? afterLoginDefaultPath : target;
  } catch {
    return afterLoginDefaultPath;
  }
}

/**
 * The same page with the `redirectFrom` of the current one, so that moving between login and registration keeps
 * the way back (an invitation link, for one).
 */
export function withRedirectFrom(path: string, redirectFrom: string | null): string {
  return redirectFrom ? `${path}?redirectFrom=${encodeURIComponent(redirectFrom)}` : path;
}
