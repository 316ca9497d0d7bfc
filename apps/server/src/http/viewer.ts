import crypto from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyRequest, InjectOptions, LightMyRequestResponse } from 'fastify';
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
    /** Asked by this process itself (`InProcessRequests`), with the rights it gave, not by a client. */
    inProcess: boolean;
  }
}

/** The header an in-process request names its rights by: a key that lives only while the request is answered. */
const inProcessHeader = 'x-olo-in-process';

/**
 * Requests this process makes of its own routes with given rights (a report PDF's print page), answered as a
 * browser's are. Each names its rights by a random key kept here only while it is answered: a client cannot send one
 * that stands for anything.
 */
export class InProcessRequests {
  private readonly rights = new Map<string, ViewerAccess>();

  /** The rights an in-process request was made with; undefined for a client's. */
  accessOf(headers: IncomingHttpHeaders): ViewerAccess | undefined {
    const key = headers[inProcessHeader];
    return typeof key === 'string' ? this.rights.get(key) : undefined;
  }

  /** Answers `request` by the routes of `app` with these rights. */
  async inject(app: FastifyInstance, access: ViewerAccess, request: InjectOptions): Promise<LightMyRequestResponse> {
    const key = crypto.randomBytes(32).toString('base64url');
    this.rights.set(key, access);
    try {
      return await app.inject({ ...request, headers: { ...request.headers, [inProcessHeader]: key } });
    } finally {
      this.rights.delete(key);
    }
  }
}

/**
 * Gives every request `viewer()`, the rights of its session or those an in-process request was made with; the cookie
 * plugin must be registered first.
 */
export function registerViewer(app: FastifyInstance, deps: ViewerDeps, inProcess: InProcessRequests): void {
  const resolved = new WeakMap<FastifyRequest, Promise<ViewerAccess>>();
  app.decorateRequest('inProcess', false);
  app.addHook('onRequest', async (request) => {
    const access = inProcess.accessOf(request.headers);
    if (!access) return;
    request.inProcess = true;
    resolved.set(request, Promise.resolve(access));
  });
  app.decorateRequest('viewer', function viewer(this: FastifyRequest): Promise<ViewerAccess> {
    let access = resolved.get(this);
    if (!access) {
      access = resolveViewer(deps, this.cookies[sessionCookieName]).then((found) => found.access);
      resolved.set(this, access);
    }
    return access;
  });
}
