import net from 'node:net';
import { Aedes, type Client, type Subscription } from 'aedes';
import type { Logger } from 'pino';
import { type Provider, providerOfTopic, uplinkTopics } from '../modules/ingest/uplink-formats.ts';
import { acknowledgeWhenStored } from './acknowledge-when-stored.ts';
import {
  ApplicationOwners,
  type Audience,
  applicationOfTopic,
  reachOfFilter,
  type TopicApplication,
} from './topic-access.ts';

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

/** Failed MQTT logins counted per username and client address (the accounts' LoginThrottle). */
export interface CredentialThrottle {
  /** Milliseconds until this username may try again from this address; 0 = now. */
  waitMs(ip: string | undefined, username: string): number;
  recordFailure(ip: string | undefined, username: string): void;
  recordSuccess(username: string): void;
}

export interface BrokerOptions {
  url?: string;
  /** Client id at the external broker; the same one across restarts resumes the session. */
  clientId?: string;
  port: number;
  /** The address the embedded broker listens on (HOST, as the HTTP server); every address when left out. */
  host?: string;
  logger: Logger;
  /** Checks MQTT credentials of the embedded broker's clients. */
  authenticate?: (username: string, password: string) => Promise<UplinkSender | undefined>;
  /** Slows down guessing: a blocked username or address is refused without its secret being checked. */
  throttle?: CredentialThrottle;
  /**
   * The organizations owning an application (those it is bound to, decision 0145); without it an
   * organization's client reaches no application.
   */
  applicationOwners?: (topic: TopicApplication) => Promise<string[]>;
  onUplink?: UplinkHandler;
  /** Records an uplink the embedded broker refused: the sender's integration is for the other network server. */
  onWrongKind?: (topic: string, sender: UplinkSender) => Promise<void>;
  /** Records a message of an organization's client that the embedded broker refused: its topic is of no application. */
  onForeignTopic?: (topic: string, sender: UplinkSender) => Promise<void>;
  /** Whether the ingest can take more without waiting (an external broker's messages are then acknowledged at once). */
  hasRoom?: () => boolean;
}

export interface Broker {
  readonly kind: 'embedded' | 'external';
  /** The embedded broker's port once listening (0 asks for any free port). */
  readonly port: number | undefined;
  isUp(): boolean;
  /** MQTT clients connected to the embedded broker now; null for an external broker (its clients are not known here). */
  clientCount(): number | null;
  /** Meters changed organization: who owns which application is looked up again. */
  forgetApplicationOwners(): void;
  /**
   * An application was bound to an organization on this instance: its owners are looked up
   * again, and the subscriptions by name that the organization's clients were refused while it
   * was not yet theirs are taken now (the client subscribed before its network server's first uplink).
   */
  applicationBound(topic: TopicApplication, organizationId: string): void;
  /**
   * Publishes a message (a downlink) to the broker. On the embedded broker it reaches site-wide
   * clients and those of `organizationId` (the meter's organization, or for a free meter the one
   * that delivered its latest uplink); without it, site-wide clients only.
   */
  publish(topic: string, payload: Buffer | string, organizationId?: string | null): Promise<void>;
  close(): Promise<void>;
}

const senders = new WeakMap<Client, UplinkSender>();
/** Payloads of refused uplinks: acknowledged, but passed on to no subscriber. */
const refusedPayloads = new WeakSet<Buffer>();
/**
 * The organizations whose clients may receive each message, by payload (Aedes copies the packet
 * on its way but keeps its payload). Site-wide clients receive every message; an organization's
 * client only those with its organization here.
 */
const audiences = new WeakMap<Buffer, Audience>();

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
      clientCount: () => null,
      forgetApplicationOwners: () => {},
      applicationBound: () => {},
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
  const owners = new ApplicationOwners(options.applicationOwners ?? (async () => []));
  /**
   * Subscriptions refused because their application was not yet bound to the client's organization, by application, with their
   * clients; at most `awaitingPerClient` a client, forgotten when it disconnects.
   */
  const awaitingBinding = new Map<string, Map<Client, Subscription[]>>();
  const awaitingCounts = new WeakMap<Client, number>();
  const awaitingPerClient = 100;
  const applicationKey = (topic: TopicApplication) => `${topic.provider}\u0000${topic.application}`;
  aedes.on('clientDisconnect', (client) => {
    for (const [key, waiting] of awaitingBinding) {
      waiting.delete(client);
      if (waiting.size === 0) awaitingBinding.delete(key);
    }
  });
  aedes.authenticate = (client, username, password, callback) => {
    const refuse = () => callback(Object.assign(new Error('Bad username or password'), { returnCode: 4 }), false);
    if (!options.authenticate || !username || !password) return refuse();
    const address = (client.conn as Partial<net.Socket>).remoteAddress;
    if ((options.throttle?.waitMs(address, username) ?? 0) > 0) {
      // Refused before the secret is looked at, so that guessing goes no faster than the limit.
      callback(Object.assign(new Error('Not authorized: too many failed attempts'), { returnCode: 5 }), false);
      return;
    }
    options.authenticate(username, password.toString()).then(
      (sender) => {
        if (!sender) {
          options.throttle?.recordFailure(address, username);
          return refuse();
        }
        options.throttle?.recordSuccess(username);
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

  /**
   * Who receives what `sender` publishes: an organization's client publishes only to its own
   * organization, on any application, since one application id may be several organizations'
   * (undefined: refused, the topic is of no application); a site-wide client's message reaches
   * the organizations the application is bound to.
   */
  const audienceOfPublish = async (topic: string, sender: UplinkSender): Promise<Audience | undefined> => {
    const application = applicationOfTopic(topic);
    if (sender.organizationId === null) return new Set(application ? await owners.of(application) : []);
    return application ? new Set([sender.organizationId]) : undefined;
  };
  /**
   * MQTT 3.1.1 can only acknowledge or disconnect. Disconnecting would have the sender publish a
   * refused message again forever, so it is acknowledged, recorded and dropped, like an uplink for
   * another organization's meter.
   */
  const dropRefused = (
    packet: { payload: unknown },
    record: Promise<void> | undefined,
    callback: (error?: Error | null) => void,
  ) => {
    refusedPayloads.add(packet.payload as Buffer);
    (record ?? Promise.resolve()).then(
      () => callback(null),
      (error: Error) => callback(error),
    );
  };
  aedes.authorizePublish = (client, packet, callback) => {
    const sender = client ? senders.get(client) : undefined;
    if (!client || !sender) return callback(null);
    const provider = providerOfTopic(packet.topic);
    if (provider !== null && sender.kind !== 'any' && sender.kind !== provider) {
      return dropRefused(packet, options.onWrongKind?.(packet.topic, sender), callback);
    }
    audienceOfPublish(packet.topic, sender).then(
      (audience) => {
        if (!audience) return dropRefused(packet, options.onForeignTopic?.(packet.topic, sender), callback);
        audiences.set(packet.payload as Buffer, audience);
        if (provider === null) return callback(null);
        handle(packet.topic, packet.payload as Buffer, sender).then(
          () => callback(null),
          // The client is disconnected without an acknowledgement, and publishes again.
          (error: Error) => callback(error),
        );
      },
      (error: Error) => {
        logger.warn({ err: error, topic: packet.topic }, 'looking up the owners of an MQTT topic failed');
        callback(error);
      },
    );
  };
  aedes.authorizeForward = (client, packet) => {
    const payload = packet.payload as Buffer;
    if (refusedPayloads.has(payload)) return null;
    const sender = senders.get(client);
    if (sender?.organizationId === null) return packet;
    return sender && audiences.get(payload)?.has(sender.organizationId) ? packet : null;
  };
  aedes.authorizeSubscribe = (client, subscription, callback) => {
    const sender = client ? senders.get(client) : undefined;
    if (sender?.organizationId === null) return callback(null, subscription);
    // A null subscription answers 0x80 (refused) in the SUBACK and keeps the client connected.
    const reach = reachOfFilter(subscription.topic);
    if (!sender || reach.kind === 'other') return callback(null, null);
    // A wildcard over applications is taken, narrowed by authorizeForward to the client's own.
    if (reach.kind === 'wildcard') return callback(null, subscription);
    const organizationId = sender.organizationId;
    // Only the organizations an application is bound to subscribe to it by name: an organization
    // not before its own network server's uplinks arrive on it (decision 0145).
    owners.of(reach.topic).then(
      (owning) => {
        const count = awaitingCounts.get(client) ?? 0;
        if (!owning.includes(organizationId) && count < awaitingPerClient) {
          awaitingCounts.set(client, count + 1);
          const key = applicationKey(reach.topic);
          const waiting = awaitingBinding.get(key) ?? new Map<Client, Subscription[]>();
          awaitingBinding.set(key, waiting);
          // A copy: Aedes overwrites the qos of a refused subscription with 128.
          waiting.set(client, [...(waiting.get(client) ?? []), { ...subscription }]);
        }
        callback(null, owning.includes(organizationId) ? subscription : null);
      },
      (error: Error) => {
        logger.warn({ err: error, topic: subscription.topic }, 'looking up the owners of an MQTT topic failed');
        callback(null, null);
      },
    );
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
    server.listen(options.port, options.host, () => resolve(true));
  });
  const address = server.address();
  return {
    kind: 'embedded',
    port: listening && address && typeof address === 'object' ? address.port : undefined,
    isUp: () => listening && server.listening,
    clientCount: () => aedes.connectedClients,
    forgetApplicationOwners: () => owners.forget(),
    applicationBound: (topic, organizationId) => {
      owners.forget();
      const key = applicationKey(topic);
      const waiting = awaitingBinding.get(key);
      if (!waiting) return;
      for (const [client, subscriptions] of waiting) {
        if (senders.get(client)?.organizationId !== organizationId) continue;
        waiting.delete(client);
        // Taken without a SUBACK (the client has its refusal), through authorizeSubscribe again.
        client.subscribe(subscriptions, (error) => {
          if (error) logger.warn({ err: error }, 'taking a subscription of a newly bound application failed');
        });
      }
      if (waiting.size === 0) awaitingBinding.delete(key);
    },
    publish: async (topic, payload, organizationId) => {
      const body = Buffer.from(payload);
      audiences.set(body, new Set(organizationId ? [organizationId] : []));
      await new Promise<void>((resolve, reject) =>
        aedes.publish({ cmd: 'publish', topic, payload: body, qos: 1, retain: false, dup: false }, (error) =>
          error ? reject(error) : resolve(),
        ),
      );
    },
    async close() {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
