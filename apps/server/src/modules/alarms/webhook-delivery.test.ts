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
  ])('refuses %s', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '193.166.0.1', '2001:4860:4860::8888', '::ffff:8.8.8.8'])(
    'allows %s',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );

  it('tells why an address cannot be saved, resolving its host', async () => {
    expect(await webhookTargetProblem('ftp://example.com/x', false)).toBe(alarmErrors.webhookTarget);
    expect(await webhookTargetProblem('not a url', true)).toBe(alarmErrors.webhookTarget);
    expect(await webhookTargetProblem('http://localhost:8080/hook', false)).toBe(alarmErrors.privateWebhook);
    expect(await webhookTargetProblem('http://[::1]/hook', false)).toBe(alarmErrors.privateWebhook);
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
