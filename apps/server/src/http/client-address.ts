import type { IncomingMessage } from 'node:http';
import proxyAddr from '@fastify/proxy-addr';
import type { TrustedProxies } from '../config.ts';

/** Whether the address `hop` steps from Olo (0: the socket's peer) is a proxy whose X-Forwarded-For is believed. */
export type ProxyTrust = (address: string, hop: number) => boolean;

/**
 * TRUST_PROXY as proxy-addr's test (decision 0142). A hop count is our own function: Fastify's own
 * numeric `trustProxy` trusts nothing (Fastify 5.12), which would count every client as the proxy.
 */
export function proxyTrust(trusted: TrustedProxies): ProxyTrust {
  switch (trusted.kind) {
    case 'none':
      return () => false;
    case 'hops':
      return (_address, hop) => hop < trusted.hops;
    case 'addresses':
      return proxyAddr.compile(trusted.addresses);
  }
}

/** Fastify's `trustProxy` for TRUST_PROXY: `request.ip` is then `clientAddress`. */
export function fastifyTrustProxy(trusted: TrustedProxies): false | ProxyTrust {
  return trusted.kind === 'none' ? false : proxyTrust(trusted);
}

/**
 * The client's address: walking X-Forwarded-For from the right (the socket's peer first), the
 * first address that is not a trusted proxy. What a client writes further left is never read.
 * Fastify's `request.ip` is this for HTTP; the websocket's upgrade request asks here.
 */
export function clientAddress(request: IncomingMessage, trust: ProxyTrust): string | undefined {
  return proxyAddr(request, trust);
}
