import { describe, expect, it } from 'vitest';
import { ApplicationOwners, applicationOfTopic, reachOfFilter } from './topic-access.ts';

describe('topic access', () => {
  it('names the application of every device topic of either network server, and of no other topic', () => {
    expect(applicationOfTopic('v3/sensors@ttn/devices/eui-1/up')).toEqual({
      provider: 'tts',
      application: 'sensors@ttn',
    });
    expect(applicationOfTopic('v3/sensors/devices/eui-1/down/push')).toEqual({
      provider: 'tts',
      application: 'sensors',
    });
    expect(applicationOfTopic('application/7c1e/device/24e1/event/up')).toEqual({
      provider: 'chirpstack',
      application: '7c1e',
    });
    expect(applicationOfTopic('application/7c1e/device/24e1/command/down')).toEqual({
      provider: 'chirpstack',
      application: '7c1e',
    });
    for (const topic of ['application/7c1e/device/24e1/other', 'v3/sensors/devices', '$SYS/x/clients', 'up', '']) {
      expect(applicationOfTopic(topic)).toBeNull();
    }
  });

  it('tells a filter naming one application from one whose wildcards reach every application', () => {
    expect(reachOfFilter('application/7c1e/device/+/command/down')).toEqual({
      kind: 'named',
      topic: { provider: 'chirpstack', application: '7c1e' },
    });
    expect(reachOfFilter('v3/sensors@ttn/devices/#')).toEqual({
      kind: 'named',
      topic: { provider: 'tts', application: 'sensors@ttn' },
    });
    for (const filter of ['#', '+/7c1e/device/+/event/up', 'application/+/device/+/command/down', 'v3/#']) {
      expect(reachOfFilter(filter)).toEqual({ kind: 'wildcard' });
    }
    for (const filter of ['$SYS/#', 'other/#', 'application']) expect(reachOfFilter(filter)).toEqual({ kind: 'other' });
  });

  it('asks for the owners of an application once per interval, and again once told meters moved', async () => {
    let now = 0;
    let asked = 0;
    const owners = new ApplicationOwners(
      async () => {
        asked++;
        return [`org-${asked}`];
      },
      5_000,
      10,
      () => now,
    );
    const application = { provider: 'chirpstack' as const, application: '7c1e' };
    expect(await owners.of(application)).toEqual(['org-1']);
    now = 4_999;
    expect(await owners.of(application)).toEqual(['org-1']);
    now = 5_000;
    expect(await owners.of(application)).toEqual(['org-2']);
    owners.forget();
    expect(await owners.of(application)).toEqual(['org-3']);
    // What this instance bound is the answer from then on, for an interval, without asking.
    owners.remember(application, ['org-bound']);
    now = 9_999;
    expect(await owners.of(application)).toEqual(['org-bound']);
    expect(asked).toBe(3);
  });
});
