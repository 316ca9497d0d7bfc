import crypto from 'node:crypto';
import { csrfCookieName, csrfHeaderName } from '@olo/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeEqual } from '../shared/tokens.ts';

/**
 * Double-submit cookie: every response gives the browser a readable `olo_csrf` cookie when it has
 * none, and a state-changing request must echo it in `x-csrf-token`. Another site can make the
 * browser send the cookie but cannot read it to set the header.
 */
export function registerCsrfCookie(app: FastifyInstance, secure: boolean): void {
  app.addHook('onRequest', async (request, reply) => {
    if (request.cookies[csrfCookieName]) return;
    const token = crypto.randomBytes(24).toString('base64url');
    request.cookies[csrfCookieName] = token;
    reply.setCookie(csrfCookieName, token, { path: '/', sameSite: 'lax', secure, httpOnly: false });
  });
}

export async function requireCsrfToken(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const cookie = request.cookies[csrfCookieName];
  const header = request.headers[csrfHeaderName];
  if (!cookie || typeof header !== 'string' || !safeEqual(cookie, header)) {
    await reply.code(403).send({ errors: [{ message: 'Invalid CSRF token', extensions: { code: 'FORBIDDEN' } }] });
  }
}
