import net from 'node:net';
import { Aedes, type Client } from 'aedes';
import type { Logger } from 'pino';
import { type Provider, providerOfTopic, uplinkTopics } from '../modules/ingest/uplink-formats.ts';
import { acknowledgeWhenStored } from './acknowledge-when-stored.ts';

/**
 * Who sent an uplink: an integration's id, organization (null: site-wide) and the network server
 * it stands for ('any': either).
 */
export interface UplinkSender {
  id: string;
  organizationId: string | null;
  kind: Provider | 'any';
}

/** Handles one uplink message; resolves once it is stored (or refused), which is when it is acknowledged. */
export type UplinkHandler = (topic: string, payload: Buffer, sender: UplinkSender) => Promise<void>;

export interface BrokerOptions {
  url?: string;
  /** Client id at the external broker; the same one across restarts resumes the session. */
  clientId?: string;
  port: number;
  logger: Logger;
  /** Checks MQTT credentials of the embedded broker's clients. */
  authenticate?: (username: string, password: string) => Promise<UplinkSender | undefined>;
  onUplink?: UplinkHandler;
  /** Records an uplink the embedded broker refused: the sender's integration is for the other network server. */
  onWrongKind?: (topic: string, sender: UplinkSender) => Promise<void>;
  /** Whether the ingest can take more without waiting (an external broker's messages are then acknowledged at once). */
  hasRoom?: () => boolean;
}

export interface Broker {
  readonly kind: 'embedded' | 'external';
  /** The embedded broker's port once listening (0 asks for any free port). */
  readonly port: number | undefined;
  isUp(): boolean;
  /** Publishes a message (a downlink) to the broker. */
  publish(topic: string, payload: Buffer | string): Promise<void>;
  close(): Promise<void>;
}

/** Site-wide integrations may subscribe to anything; organization integrations only to downlinks. */
function isDownlinkTopic(topic: string): boolean {
  return (
    /^v3\/[^/#+]+\/devices\/[^/#]+\/down\/[^/#]+$/.test(topic) ||
    /^application\/[^/#+]+\/device\/[^/#]+\/command\/down$/.test(topic)
  );
}

const senders = new WeakMap<Client, UplinkSender>();
/** Payloads of refused uplinks: acknowledged, but passed on to no subscriber. */
const refusedPayloads = new WeakSet<Buffer>();

/**
 * The embedded Aedes broker on `port`, or a client connection to the external broker at `url`.
 * Uplinks reach `onUplink` either way; a message is acknowledged (PUBACK, or the next packet of
 * that client read) only after its handler resolved, so a slow database slows publishers down
 * instead of losing their messages. A broker that cannot start or connect leaves the server
 * running (health shows it down), since the web app and the HTTP ingest do not depend on it.
 */
export async function startBroker(options: BrokerOptions): Promise<Broker> {
  const { logger } = options;
  const handle = async (topic: string, payload: Buffer, sender: UplinkSender) => {
    try {
      await options.onUplink?.(topic, payload, sender);
    } catch (error) {
      logger.error({ err: error, topic }, 'uplink handling failed');
      throw error;
    }
  };

  if (options.url) {
    // Loaded only when configured, which keeps start-up of the embedded default short.
    const { default: mqtt } = await import('mqtt');
    const external: UplinkSender = { id: 'external-broker', organizationId: null, kind: 'any' };
    const client = mqtt.connect(options.url, {
      clientId: options.clientId ?? `olo-${process.pid}-${Date.now()}`,
      reconnectPeriod: 2000,
      // A persistent session under a stable client id keeps QoS 1 uplinks queued on the broker
      // while Olo is away, restarts included.
      clean: false,
    });
    const acknowledgements = acknowledgeWhenStored(client, (topic, payload) => handle(topic, payload, external), {
      hasRoom: () => options.hasRoom?.() ?? false,
      logger,
    });
    client.on('connect', () => {
      client.subscribe([...uplinkTopics], { qos: 1 }, (error) => {
        if (error) logger.error({ err: error }, 'subscribing to uplink topics failed');
      });
    });
    client.on('error', (error) => logger.warn({ err: error }, 'MQTT broker connection error'));
    return {
      kind: 'external',
      port: undefined,
      isUp: () => client.connected,
      publish: async (topic, payload) => {
        await client.publishAsync(topic, payload, { qos: 1 });
      },
      async close() {
        // Acknowledge what is stored before leaving; the rest the broker sends again next time.
        await Promise.race([acknowledgements.settled(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
        await client.endAsync();
      },
    };
  }

  const aedes = await Aedes.createBroker();
  aedes.authenticate = (client, username, password, callback) => {
    const refuse = () => callback(Object.assign(new Error('Bad username or password'), { returnCode: 4 }), false);
    if (!options.authenticate || !username || !password) return refuse();
    options.authenticate(username, password.toString()).then(
      (sender) => {
        if (!sender) return refuse();
        senders.set(client, sender);
        callback(null, true);
      },
      (error: Error) => {
        // The credentials could not be checked (the database is away): "server unavailable" has
        // the client try again, where "bad username or password" could make it give up.
        logger.warn({ err: error }, 'checking MQTT credentials failed');
        callback(Object.assign(new Error('Server unavailable'), { returnCode: 3 }), false);
      },
    );
  };
  aedes.authorizePublish = (client, packet, callback) => {
    const sender = client ? senders.get(client) : undefined;
    const provider = providerOfTopic(packet.topic);
    if (!client || !sender || provider === null) return callback(null);
    if (sender.kind !== 'any' && sender.kind !== provider) {
      // MQTT 3.1.1 can only acknowledge or disconnect. Disconnecting would have the sender publish
      // it again forever, so it is acknowledged, recorded and dropped, like an uplink for another
      // organization's meter.
      refusedPayloads.add(packet.payload as Buffer);
      (options.onWrongKind?.(packet.topic, sender) ?? Promise.resolve()).then(
        () => callback(null),
        (error: Error) => callback(error),
      );
      return;
    }
    handle(packet.topic, packet.payload as Buffer, sender).then(
      () => callback(null),
      // The client is disconnected without an acknowledgement, and publishes again.
      (error: Error) => callback(error),
    );
  };
  aedes.authorizeForward = (_client, packet) => (refusedPayloads.has(packet.payload as Buffer) ? null : packet);
  aedes.authorizeSubscribe = (client, subscription, callback) => {
    const sender = client ? senders.get(client) : undefined;
    if (sender && (sender.organizationId === null || isDownlinkTopic(subscription.topic))) {
      return callback(null, subscription);
    }
    // A null subscription answers 0x80 (refused) in the SUBACK and keeps the client connected.
    callback(null, null);
  };

  const server = net.createServer(aedes.handle);
  const listening = await new Promise<boolean>((resolve) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      logger.error(
        { err: error },
        error.code === 'EADDRINUSE'
          ? `MQTT port ${options.port} is in use: set MQTT_PORT to a free port, or MQTT_URL to use that broker`
          : 'embedded MQTT broker failed to start',
      );
      resolve(false);
    });
    server.listen(options.port, () => resolve(true));
  });
  const address = server.address();
  return {
    kind: 'embedded',
    port: listening && address && typeof address === 'object' ? address.port : undefined,
    isUp: () => listening && server.listening,
    publish: (topic, payload) =>
      new Promise<void>((resolve, reject) =>
        aedes.publish(
          { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 1, retain: false, dup: false },
          (error) => (error ? reject(error) : resolve()),
        ),
      ),
    async close() {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
