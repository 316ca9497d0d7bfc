import type { MqttClient } from 'mqtt';
import type { Logger } from 'pino';

type SendPacket = (
  packet: { cmd: string; messageId?: number },
  callback?: (error?: Error) => void,
  ...rest: unknown[]
) => void;

/**
 * Acknowledges each QoS 1 message of an external broker only once `store` resolved for it, while
 * the next messages are read meanwhile. mqtt.js sends a PUBACK, and reads the connection's next
 * packet, when `handleMessage` calls back: waiting there for each commit would let one uplink
 * through per transaction. So the callback comes at once and the PUBACK is held back instead, in
 * arrival order (MQTT 3.1.1, 4.6.0-2). The broker's in-flight window (Mosquitto's
 * `max_inflight_messages`) bounds how many wait; `hasRoom` false (the writer's queue is full)
 * makes the next read wait for the commit too.
 *
 * An uplink refused for its content (malformed, its time implausible, a value the database cannot
 * hold) is recorded and `store` resolves: it is acknowledged like a stored one, since sending it
 * again would not mend it and would hold up every message behind it. A message that could not be
 * stored because the database failed is never acknowledged: the connection is dropped, and the
 * broker sends every unacknowledged message again in the resumed session (repeats are stored once).
 */
export function acknowledgeWhenStored(
  client: MqttClient,
  store: (topic: string, payload: Buffer) => Promise<void>,
  options: { hasRoom: () => boolean; logger: Logger },
): { settled(): Promise<void> } {
  const internals = client as unknown as { _sendPacket: SendPacket };
  const sendPacket = internals._sendPacket.bind(client);
  /** Stored-promises of messages whose PUBACK mqtt.js is about to send, by message id. */
  const storing = new Map<number, Promise<void>>();
  /** Bumped on every connection: acknowledgements of an earlier one are not sent on a later one. */
  let connection = 0;
  let tail: Promise<void> = Promise.resolve();

  client.on('connect', () => {
    connection += 1;
    storing.clear();
  });

  client.handleMessage = (packet, callback) => {
    const stored = store(packet.topic, Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload));
    // A failure is logged where it happened and answered by the held-back PUBACK below; but that
    // PUBACK may never be sent (the connection dropped first), and an unhandled rejection would
    // end the process.
    stored.catch(() => {});
    if (packet.qos !== 1 || packet.messageId === undefined) {
      // QoS 0 promises nothing to acknowledge.
      callback();
      return;
    }
    storing.set(packet.messageId, stored);
    if (options.hasRoom()) callback();
    else
      stored.then(
        () => callback(),
        () => callback(),
      );
  };

  internals._sendPacket = (packet, callback, ...rest) => {
    const stored =
      packet.cmd === 'puback' && packet.messageId !== undefined ? storing.get(packet.messageId) : undefined;
    if (!stored) return sendPacket(packet, callback, ...rest);
    storing.delete(packet.messageId as number);
    const sentOn = connection;
    tail = tail.then(() =>
      stored.then(
        () => {
          if (sentOn === connection && client.connected) sendPacket(packet);
        },
        (error: unknown) => {
          if (sentOn !== connection) return;
          options.logger.error(
            { err: error, messageId: packet.messageId },
            'an uplink could not be stored; reconnecting so that the broker sends it again',
          );
          // Anything after it goes unacknowledged too, and comes again with it.
          connection += 1;
          client.stream?.destroy();
        },
      ),
    );
    // Lets mqtt.js read the next packet now.
    callback?.();
  };

  return {
    /** Resolves once every acknowledgement owed so far is sent (or dropped with its connection). */
    settled: () => tail,
  };
}
