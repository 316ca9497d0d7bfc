import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AccessPolicy, ViewerAccess } from '../modules/access/access.policy.ts';
import { type SessionInfo, type SessionsService, sessionCookieName } from '../modules/sessions/sessions.service.ts';

export interface Viewer {
  session: SessionInfo | null;
  /** The rights of the session's user; a visitor's when signed out or the session is gone. */
  access: ViewerAccess;
}

export interface ViewerDeps {
  sessions: SessionsService;
  access: AccessPolicy;
}

/** What a session cookie's token stands for: the GraphQL context and the REST routes both start from it. */
export async function resolveViewer(deps: ViewerDeps, sessionToken: string | undefined): Promise<Viewer> {
  const session = await deps.sessions.resolve(sessionToken);
  return { session, access: deps.access.forViewer(session?.user ?? null) };
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * The rights of this request's session cookie, resolved on the first call and kept for the
     * request. A promise, so that a route may read other things while the session is on its way.
     */
    viewer(): Promise<ViewerAccess>;
  }
}

/** Gives every request `viewer()`; the cookie plugin must be registered first. */
export function registerViewer(app: FastifyInstance, deps: ViewerDeps): void {
  const resolved = new WeakMap<FastifyRequest, Promise<ViewerAccess>>();
  app.decorateRequest('viewer', function viewer(this: FastifyRequest): Promise<ViewerAccess> {
    let access = resolved.get(this);
    if (!access) {
      access = resolveViewer(deps, this.cookies[sessionCookieName]).then((found) => found.access);
      resolved.set(this, access);
    }
    return access;
  });
}
