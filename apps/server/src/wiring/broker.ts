import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { LoginThrottle } from '../modules/accounts/login-throttle.ts';
import type { ReadingWriter } from '../modules/ingest/reading-writer.ts';
import { providerOfTopic } from '../modules/ingest/uplink-formats.ts';
import { type Broker, startBroker } from '../mqtt/broker.ts';
import type { Closers } from './closers.ts';
import type { Repositories } from './repositories.ts';
import type { Services } from './services.ts';

/** The embedded MQTT broker (or the connection to MQTT_URL's), feeding uplinks to the ingest. */
export async function connectBroker(
  deps: { config: Config; logger: Logger; services: Services; repositories: Repositories; writer: ReadingWriter },
  closers: Closers,
): Promise<Broker> {
  const { config, services, repositories, writer } = deps;
  const { ingest, integrations } = services;
  const broker = await startBroker({
    url: config.mqttUrl,
    clientId: config.mqttClientId,
    port: config.mqttPort,
    host: config.host,
    logger: deps.logger,
    authenticate: (username, password) => integrations.byMqttCredentials(username, password),
    // Its own counts: a network server's failures must not block a web user's login, nor the reverse.
    throttle: new LoginThrottle(config.rateLimitFactor),
    applicationOwners: (topic) => repositories.applicationBindings.organizationsOf(topic),
    hasRoom: () => writer.hasRoom,
    onUplink: async (topic, payload, sender) => {
      const provider = providerOfTopic(topic);
      if (provider) await ingest.acceptMessage(provider, payload, sender, topic);
    },
    onWrongKind: (topic, sender) => ingest.recordWrongKind(topic, sender),
    onForeignTopic: (topic, sender) => ingest.recordForeignTopic(topic, sender),
  });
  closers.add(() => broker.close());
  return broker;
}
