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
 * (carrier-grade NAT), link-local, unspecified, multicast and reserved; IPv6 forms that embed an
 * IPv4 address are checked against the IPv4 rules (isPrivateAddress).
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
  ['fec0::', 10],
  ['ff00::', 8],
  // Local-use NAT64 (RFC 8215): translated by the site's own gateway, into its own networks too.
  ['64:ff9b:1::', 48],
] as const) {
  privateAddresses.addSubnet(prefix, bits, 'ipv6');
}

/**
 * The 16 bytes of an IPv6 address (`::` shortened, a dotted IPv4 tail allowed), or null if it is
 * not one. A zone (`fe80::1%eth0`) is dropped: it does not change where the address points.
 */
function ipv6Bytes(address: string): number[] | null {
  const bare = address.replace(/%.*$/, '');
  if (net.isIP(bare) !== 6) return null;
  let text = bare.toLowerCase();
  const dotted = text.match(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16)));
  const front = groups(head);
  const back = tail === undefined ? [] : groups(tail);
  const words = [...front, ...new Array(8 - front.length - back.length).fill(0), ...back];
  return words.flatMap((word) => [word >> 8, word & 0xff]);
}

const dottedQuad = (bytes: number[]) => bytes.join('.');

/**
 * The IPv4 addresses an IPv6 address leads to: IPv4-mapped (::ffff:a.b.c.d), IPv4-translated
 * (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, deprecated but still routed by some stacks),
 * NAT64 (64:ff9b::a.b.c.d, RFC 6052), 6to4 (2002:aabb:ccdd::, RFC 3056) and Teredo (2001:0::,
 * RFC 4380: its server, and its client stored inverted). Empty for any other address.
 */
function embeddedIpv4(bytes: number[]): string[] {
  const prefixIs = (prefix: number[]) => prefix.every((byte, index) => bytes[index] === byte);
  const zeros = (count: number) => new Array<number>(count).fill(0);
  const last = bytes.slice(12);
  if (prefixIs([...zeros(10), 0xff, 0xff])) return [dottedQuad(last)];
  if (prefixIs([...zeros(8), 0xff, 0xff, 0, 0])) return [dottedQuad(last)];
  if (prefixIs(zeros(12))) return [dottedQuad(last)];
  if (prefixIs([0x00, 0x64, 0xff, 0x9b, ...zeros(8)])) return [dottedQuad(last)];
  if (prefixIs([0x20, 0x02])) return [dottedQuad(bytes.slice(2, 6))];
  if (prefixIs([0x20, 0x01, 0x00, 0x00])) {
    return [dottedQuad(bytes.slice(4, 8)), dottedQuad(last.map((byte) => byte ^ 0xff))];
  }
  return [];
}

/**
 * Whether an IP address is one a webhook may not reach by default (a name is never one): in a
 * refused range, or an IPv6 form that leads to a refused IPv4 address.
 */
export function isPrivateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return privateAddresses.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  if (privateAddresses.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  return embeddedIpv4(bytes).some((ipv4) => privateAddresses.check(ipv4, 'ipv4'));
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
