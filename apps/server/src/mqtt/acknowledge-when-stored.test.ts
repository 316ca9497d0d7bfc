import crypto from 'node:crypto';
import mqtt from 'mqtt';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { acknowledgeWhenStored } from './acknowledge-when-stored.ts';

// The real Mosquitto at 127.0.0.1:1883 (CI starts it).
const brokerUrl = 'mqtt://127.0.0.1:1883';

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('acknowledging external-broker uplinks only once stored', () => {
  const clients: mqtt.MqttClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((client) => client.endAsync(true)));
  });

  it('survives a store that fails behind a slower one, and gets the failed message again', async () => {
    const topic = `olo-test/${crypto.randomBytes(6).toString('hex')}/up`;
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    try {
      const subscriber = mqtt.connect(brokerUrl, {
        clientId: `olo-ack-${crypto.randomBytes(4).toString('hex')}`,
        clean: false,
        reconnectPeriod: 200,
      });
      clients.push(subscriber);
      const stored: string[] = [];
      let failuresLeft = 1;
      acknowledgeWhenStored(
        subscriber,
        async (_topic, payload) => {
          const body = payload.toString();
          // The first message's commit is slow; the second fails at once, while the first is
          // still ahead of it in the acknowledgement order.
          if (body === 'first') await new Promise((resolve) => setTimeout(resolve, 300));
          if (body === 'second' && failuresLeft > 0) {
            failuresLeft -= 1;
            throw new Error('database connection reset');
          }
          stored.push(body);
        },
        { hasRoom: () => true, logger: pino({ level: 'silent' }) },
      );
      await new Promise<void>((resolve, reject) =>
        subscriber.once('connect', () =>
          subscriber.subscribe(topic, { qos: 1 }, (error) => (error ? reject(error) : resolve())),
        ),
      );

      const publisher = await mqtt.connectAsync(brokerUrl, {
        clientId: `olo-ack-pub-${crypto.randomBytes(4).toString('hex')}`,
      });
      clients.push(publisher);
      await publisher.publishAsync(topic, 'first', { qos: 1 });
      await publisher.publishAsync(topic, 'second', { qos: 1 });

      await until(() => stored.includes('first') && stored.includes('second'));
      expect(rejections).toEqual([]);
    } finally {
      process.off('unhandledRejection', onRejection);
    }
  });
});
