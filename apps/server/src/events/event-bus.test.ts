import { describe, expect, it } from 'vitest';
import { createLocalEventBus, createRedisEventBus, type EventBus } from './event-bus.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function firstEvent(bus: EventBus, signal: AbortSignal) {
  for await (const event of bus.subscribe('user.updated', signal)) return event;
  return undefined;
}

describe('event bus', () => {
  it('delivers an event to every local subscriber of its topic, and none to other topics', async () => {
    const bus = createLocalEventBus();
    const stop = new AbortController();
    const received = Promise.all([firstEvent(bus, stop.signal), firstEvent(bus, stop.signal)]);
    const others: unknown[] = [];
    void (async () => {
      for await (const event of bus.subscribe('session.ended', stop.signal)) others.push(event);
    })();
    await bus.publish('user.updated', { userId: 'u1' });
    expect(await received).toEqual([{ userId: 'u1' }, { userId: 'u1' }]);
    expect(others).toEqual([]);
    stop.abort();
    await bus.close();
  });

  it('fans out across instances through Redis', async () => {
    const [first, second] = await Promise.all([createRedisEventBus(redisUrl), createRedisEventBus(redisUrl)]);
    const stop = new AbortController();
    try {
      const received = Promise.all([firstEvent(first, stop.signal), firstEvent(second, stop.signal)]);
      // The subscriptions are registered synchronously; Redis delivers to both instances.
      await new Promise((resolve) => setTimeout(resolve, 50));
      await first.publish('user.updated', { userId: `u-${Date.now()}` });
      const [onFirst, onSecond] = await received;
      expect(onFirst).toEqual(onSecond);
      expect(onFirst?.userId).toMatch(/^u-\d+$/);
    } finally {
      stop.abort();
      await Promise.all([first.close(), second.close()]);
    }
  });
});
