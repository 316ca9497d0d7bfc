import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { alarmErrors } from '@olo/shared';
import { describe, expect, it } from 'vitest';
import { isPrivateAddress, postWebhook, webhookTargetProblem } from './webhook-delivery.ts';

describe('webhook targets', () => {
  it.each([
    '127.0.0.1',
    '127.9.9.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '100.64.0.1',
    '169.254.169.254',
    '0.0.0.0',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:10.0.0.1',
    '::ffff:a9fe:a9fe',
    // IPv4-compatible (deprecated, still routed by some stacks) forms of refused IPv4 addresses.
    '::127.0.0.1',
    '::7f00:1',
    '::10.0.0.1',
    '::a9fe:a9fe',
    '0:0:0:0:0:0:192.168.1.1',
    // IPv4-translated (RFC 2765).
    '::ffff:0:127.0.0.1',
    // NAT64 (RFC 6052) of refused IPv4 addresses, and the local-use NAT64 prefix (RFC 8215).
    '64:ff9b::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '64:FF9B::10.1.2.3',
    '64:ff9b:1::1',
    '64:ff9b:1:ffff::8.8.8.8',
    // 6to4 (RFC 3056) embedding a refused IPv4 address.
    '2002:7f00:1::',
    '2002:a9fe:a9fe::1',
    '2002:c0a8:101:1::1',
    // Teredo (RFC 4380): a refused server, or a refused client (stored inverted).
    '2001:0:a00:1::1',
    '2001:0:808:808::80ff:fffe',
    // Deprecated site-local, and a zone that does not change where an address points.
    'fec0::1',
    'fe80::1%eth0',
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    '8.8.8.8',
    '172.32.0.1',
    '100.128.0.1',
    '193.166.0.1',
    '2001:4860:4860::8888',
    '::ffff:8.8.8.8',
    // The well-known NAT64 prefix is how IPv6-only networks reach public IPv4 hosts (DNS64 answers with it).
    '64:ff9b::8.8.8.8',
    '64:ff9b::c1a6:1',
    '::8.8.8.8',
    '2002:808:808::1',
    // Teredo with a public server and a public client (8.8.4.4 inverted).
    '2001:0:808:808::f7f7:fbfb',
    '2a00:1450:4001::1',
  ])('allows %s', (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });

  it('tells why an address cannot be saved, resolving its host', async () => {
    expect(await webhookTargetProblem('ftp://example.com/x', false)).toBe(alarmErrors.webhookTarget);
    expect(await webhookTargetProblem('not a url', true)).toBe(alarmErrors.webhookTarget);
    expect(await webhookTargetProblem('http://localhost:8080/hook', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('http://[::1]/hook', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('http://[::127.0.0.1]/hook', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('http://[64:ff9b::169.254.169.254]/x', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('http://[2002:7f00:1::]/hook', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('https://169.254.169.254/latest', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('https://93.184.215.14/hook', false)).toBeNull();
    expect(await webhookTargetProblem('http://localhost:8080/hook', true)).toBeNull();
    // Not resolvable now (.invalid never is): accepted; the deliveries will tell.
    expect(await webhookTargetProblem('https://hooks.olo.invalid/x', false)).toBeNull();
  });

  it('gives up on a receiver that does not answer in time, and fails on a redirect', async () => {
    const server = http.createServer((request, response) => {
      if (request.url === '/moved') response.writeHead(302, { location: 'http://127.0.0.1/elsewhere' }).end();
      // Otherwise never answers.
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      await expect(
        postWebhook({ url: `${base}/slow`, body: '{}', secret: null, allowPrivate: true, timeoutMs: 100 }),
      ).rejects.toThrow('The webhook did not answer within 0.1 s');
      await expect(postWebhook({ url: `${base}/moved`, body: '{}', secret: null, allowPrivate: true })).rejects.toThrow(
        'The webhook answered 302',
      );
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
