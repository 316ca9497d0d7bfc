import crypto from 'node:crypto';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { alarmErrors } from '@olo/shared';

/** How long a webhook's receiver has to answer, ms. */
export const webhookTimeoutMs = 5_000;

/**
 * Addresses a webhook must not reach unless WEBHOOK_ALLOW_PRIVATE: loopback, private, shared
 * (carrier-grade NAT), link-local, unspecified, multicast and reserved. Node's BlockList also
 * matches IPv4-mapped IPv6 addresses (::ffff:10.0.0.1) against the IPv4 rules.
 */
const privateAddresses = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  privateAddresses.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  privateAddresses.addSubnet(prefix, bits, 'ipv6');
}

/** Whether an IP address is one a webhook may not reach by default (a name is never one). */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 4) return privateAddresses.check(address, 'ipv4');
  const mapped = address.toLowerCase().match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/);
  if (mapped) return privateAddresses.check(mapped[1] as string, 'ipv4');
  return privateAddresses.check(address, 'ipv6');
}

/** A target that may not be reached: giving up at once, as no retry changes where it points. */
export class RefusedWebhookTarget extends Error {
  constructor() {
    super(alarmErrors.privateWebhook);
  }
}

/** The URL's host as an IP literal, without IPv6 brackets, or null for a name. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return net.isIP(host) ? host : null;
}

/**
 * A DNS lookup for node:http that refuses a name resolving to any private address: the socket
 * connects to the address vetted here, so a name that resolves elsewhere later (DNS rebinding)
 * cannot slip through between a check and the request.
 */
function vettedLookup(): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { ...options, all: true }, (error, addresses) => {
      const done = callback as (...args: unknown[]) => void;
      if (error) return done(error);
      if (addresses.length === 0 || addresses.some((entry) => isPrivateAddress(entry.address))) {
        return done(new RefusedWebhookTarget());
      }
      if (options.all) return done(null, addresses);
      const [first] = addresses as [dns.LookupAddress];
      return done(null, first.address, first.family);
    });
  };
}

/**
 * Why a webhook address cannot be used, or null when it can: not an http(s) URL, or (unless
 * `allowPrivate`) a host that resolves to a private address. A host that does not resolve now is
 * accepted: DNS may be away for a moment, and deliveries report their own errors. For saving an
 * action; sending checks the address it connects to again.
 */
export async function webhookTargetProblem(url: string, allowPrivate: boolean): Promise<string | null> {
  if (!URL.canParse(url)) return alarmErrors.webhookTarget;
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return alarmErrors.webhookTarget;
  if (allowPrivate) return null;
  const literal = literalAddress(parsed);
  if (literal) return isPrivateAddress(literal) ? alarmErrors.privateWebhook : null;
  const addresses = await dns.promises.lookup(parsed.hostname, { all: true }).catch(() => []);
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? alarmErrors.privateWebhook : null;
}

/** `sha256=` and the hex HMAC-SHA256 of the exact body bytes under the action's secret. */
export function webhookSignature(body: string, secret: string): string {
  return `sha256=${crypto.createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * POSTs `body` (JSON) to `url`, signed with `secret` when the action has one. Resolves on a 2xx
 * answer; rejects on any other answer, a timeout or a network error, and with RefusedWebhookTarget
 * when the target is private and that is not allowed. Redirects are not followed (a 3xx fails).
 */
export function postWebhook(options: {
  url: string;
  body: string;
  secret: string | null;
  allowPrivate: boolean;
  timeoutMs?: number;
}): Promise<void> {
  const timeoutMs = options.timeoutMs ?? webhookTimeoutMs;
  const url = new URL(options.url);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    return Promise.reject(new RefusedWebhookTarget());
  }
  // An IP literal is connected to without a lookup, so it is vetted here.
  const literal = literalAddress(url);
  if (!options.allowPrivate && literal && isPrivateAddress(literal)) return Promise.reject(new RefusedWebhookTarget());
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(options.body)),
    'user-agent': 'Olo-Webhook/1',
  };
  if (options.secret) headers['x-olo-signature'] = webhookSignature(options.body, options.secret);
  const request = url.protocol === 'https:' ? https.request : http.request;
  return new Promise<void>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers,
      signal: AbortSignal.timeout(timeoutMs),
      // A fresh connection each time: a kept one might have been made to another address.
      agent: false,
      ...(options.allowPrivate ? {} : { lookup: vettedLookup() }),
    });
    req.on('response', (response) => {
      response.resume();
      const status = response.statusCode ?? 0;
      if (status >= 200 && status < 300) resolve();
      else reject(new Error(`The webhook answered ${status}`));
    });
    req.on('error', (error) => {
      if (error instanceof RefusedWebhookTarget) reject(error);
      else if (error.name === 'AbortError' || error.name === 'TimeoutError') {
        reject(new Error(`The webhook did not answer within ${timeoutMs / 1000} s`));
      } else reject(new Error(`The webhook could not be reached: ${error.message}`));
    });
    req.end(options.body);
  });
}
