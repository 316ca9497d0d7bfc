import { sessionEndedCloseCode } from '@olo/shared';
import type { WebSocket } from 'ws';
import type { EventBus } from '../events/event-bus.ts';
import { hashToken } from '../shared/tokens.ts';

/** Milliseconds between a session's end and its sockets' close. */
const closeGraceMs = 100;

/**
 * The open websockets of each session, so that a session's end (on any instance: the bus carries it) closes them at
 * once instead of leaving subscriptions started under it running.
 */
export class SessionSockets {
  /** By the session's stored id (the cookie's hash). */
  private readonly bySession = new Map<string, Set<WebSocket>>();
  private readonly stop = new AbortController();

  constructor(events: EventBus) {
    void (async () => {
      for await (const event of events.subscribe('session.ended', this.stop.signal)) this.closeSession(event.sessionId);
    })();
  }

  /** Tracks a socket opened with the session cookie `sessionToken` (none: an anonymous socket, not tracked). */
  add(sessionToken: string | undefined, socket: WebSocket): void {
    if (!sessionToken || sessionToken.length > 100) return;
    const sessionId = hashToken(sessionToken);
    let sockets = this.bySession.get(sessionId);
    if (!sockets) {
      sockets = new Set();
      this.bySession.set(sessionId, sockets);
    }
    sockets.add(socket);
    socket.once('close', () => {
      sockets.delete(socket);
      if (sockets.size === 0 && this.bySession.get(sessionId) === sockets) this.bySession.delete(sessionId);
    });
  }

  /**
   * Closes the session's sockets after `closeGraceMs`, so that what the session's end itself pushes (the null of
   * `currentUserUpdated`) still goes out on them first.
   */
  closeSession(sessionId: string): void {
    const sockets = this.bySession.get(sessionId);
    if (!sockets) return;
    this.bySession.delete(sessionId);
    const timer = setTimeout(() => {
      for (const socket of sockets) socket.close(sessionEndedCloseCode, 'Session ended');
    }, closeGraceMs);
    timer.unref();
  }

  dispose(): void {
    this.stop.abort();
  }
}
