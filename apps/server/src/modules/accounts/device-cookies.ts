import crypto from 'node:crypto';
import { safeEqual } from '../../shared/tokens.ts';

/**
 * OWASP's device cookie (decision 0144): a browser that has signed in to an account carries
 * `<user id>.<nonce>.<HMAC>`, and its sign-ins to that account are judged by its own failures
 * only, never by others' guesses.
 */
export const deviceCookieName = 'olo_device';
/** One year, in milliseconds; every sign-in gives a new cookie. */
export const deviceCookieLifetimeMs = 365 * 24 * 60 * 60 * 1000;
/** The cookie only travels with GraphQL requests, where sign-ins are. */
export const deviceCookiePath = '/graphql';
/** The `server_secrets` row holding the HMAC key. */
export const deviceKeyName = 'device-cookie';

const cookiePattern =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** A new HMAC key: 32 random bytes, base64url (what `sharedSecret` stores). */
export function newDeviceKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

export class DeviceCookies {
  private readonly key: Buffer;

  constructor(key: string) {
    this.key = Buffer.from(key, 'base64url');
    if (this.key.length < 32) throw new Error('The device cookie key must have at least 32 bytes');
  }

  private signature(userId: string, nonce: string): string {
    return crypto.createHmac('sha256', this.key).update(`olo-device-v1|${userId}|${nonce}`).digest('base64url');
  }

  /** A cookie value for a browser that has just signed in to this account, with a new nonce. */
  issue(userId: string): string {
    const nonce = crypto.randomBytes(16).toString('base64url');
    return `${userId}.${nonce}.${this.signature(userId, nonce)}`;
  }

  /**
   * The device's nonce when the cookie was signed here for this very account; undefined for
   * anything else (no cookie, another account's, malformed, tampered, signed with another key).
   */
  deviceOf(cookie: string | undefined, userId: string): string | undefined {
    const match = cookie === undefined ? null : cookiePattern.exec(cookie);
    if (!match) return undefined;
    const [, cookieUser = '', nonce = '', signature = ''] = match;
    if (cookieUser !== userId.toLowerCase()) return undefined;
    return safeEqual(signature, this.signature(cookieUser, nonce)) ? nonce : undefined;
  }
}
