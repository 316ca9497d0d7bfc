export type LayoutName = 'default' | 'plain' | 'plain-client' | 'test';

/** Route metadata (`handle`) of every route in src/routes.tsx. */
export interface RouteHandle {
  /** Layout of the screen; `false` renders none. The deepest route that names one wins; none named is `default`. */
  layout?: LayoutName | false;
  /** Public routes need no login. */
  public: boolean;
  /** Only site administrators may open the route. */
  admin?: boolean;
  /**
   * Name of the page (an English translation key) in the browser's title, "<page> – <site name>" (WCAG 2.4.2).
   * Every page route names one; a route with children names the title its children inherit.
   */
  title?: string;
  /** The page is its entity alone (a public project): once named, the title is "<entity> – <site name>". */
  entityTitle?: boolean;
}

export interface ResolvedRouteHandle {
  layout: LayoutName | false;
  public: boolean;
  admin: boolean;
  /** The deepest title named; none only on routes that name none (the root alone). */
  title?: string;
  entityTitle?: boolean;
}

function isRouteHandle(handle: unknown): handle is Partial<RouteHandle> {
  return typeof handle === 'object' && handle !== null;
}

/** Merges the handles of the matched routes, the deepest one deciding each flag. */
export function resolveRouteHandle(matches: readonly { handle?: unknown }[]): ResolvedRouteHandle {
  const resolved: ResolvedRouteHandle = { layout: 'default', public: false, admin: false };
  for (const { handle } of matches) {
    if (!isRouteHandle(handle)) continue;
    if (handle.layout !== undefined) resolved.layout = handle.layout;
    if (handle.public !== undefined) resolved.public = handle.public;
    if (handle.admin !== undefined) resolved.admin = handle.admin;
    if (handle.title !== undefined) resolved.title = handle.title;
    if (handle.entityTitle !== undefined) resolved.entityTitle = handle.entityTitle;
  }
  return resolved;
}
