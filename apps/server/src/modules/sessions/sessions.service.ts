import type { EventBus } from '../../events/event-bus.ts';
import { createToken, hashToken } from '../../shared/tokens.ts';
import type { UserRow } from '../accounts/accounts.repository.ts';
import type { SessionsRepository } from './sessions.repository.ts';

export const sessionCookieName = 'olo_session';
/** Sliding lifetime: a session unused for 30 days ends. */
export const sessionLifetimeMs = 30 * 24 * 60 * 60 * 1000;
/** Last-seen is written at most this often, so that reads do not all become writes. */
const touchIntervalMs = 5 * 60 * 1000;

export interface SessionInfo {
  id: string;
  user: UserRow;
}

export interface ClientInfo {
  ip?: string | undefined;
  userAgent?: string | undefined;
  /** The session the browser has now, if any; starting a new one ends it (no session fixation). */
  sessionId?: string | undefined;
  /** The browser's device cookie, if any (`accounts/device-cookies.ts`); trusted only once verified. */
  deviceCookie?: string | undefined;
}

export class SessionsService {
  constructor(
    private readonly sessions: SessionsRepository,
    private readonly events: EventBus,
  ) {}

  /**
   * Starts a session, ending the one the browser had; returns the cookie value (the token) and the
   * stored id (its hash).
   */
  async start(userId: string, client: ClientInfo): Promise<{ token: string; id: string }> {
    if (client.sessionId) await this.end(client.sessionId);
    const { token, hash } = createToken();
    const now = new Date();
    await this.sessions.insert({
      id: hash,
      userId,
      createdAt: now,
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + sessionLifetimeMs),
      ip: client.ip ?? null,
      userAgent: client.userAgent?.slice(0, 500) ?? null,
    });
    return { token, id: hash };
  }

  async resolve(token: string | undefined): Promise<SessionInfo | null> {
    if (!token || token.length > 100) return null;
    return this.resolveById(hashToken(token));
  }

  /** The live session with this id and its user, refreshing the sliding expiry now and then. */
  async resolveById(id: string): Promise<SessionInfo | null> {
    const now = new Date();
    const row = await this.sessions.findLive(id, now);
    if (!row) return null;
    if (now.getTime() - row.session.lastSeenAt.getTime() > touchIntervalMs) {
      await this.sessions.touch(id, now, new Date(now.getTime() + sessionLifetimeMs));
    }
    return { id, user: row.user };
  }

  async end(id: string): Promise<void> {
    await this.sessions.delete(id);
    await this.events.publish('session.ended', { sessionId: id });
  }

  /** Deletes sessions past their expiry; they no longer sign anybody in, so this only frees space. */
  purgeExpired(): Promise<void> {
    return this.sessions.deleteExpired(new Date());
  }

  async endAllForUser(userId: string, keepId?: string): Promise<void> {
    const ended = await this.sessions.deleteForUser(userId, keepId);
    await Promise.all(ended.map((sessionId) => this.events.publish('session.ended', { sessionId })));
  }
}
