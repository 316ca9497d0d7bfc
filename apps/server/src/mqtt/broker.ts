import net from 'node:net';
import { Aedes } from 'aedes';
import type { Logger } from 'pino';

export interface Broker {
  readonly kind: 'embedded' | 'external';
  /** The embedded broker's port once listening (0 asks for any free port). */
  readonly port: number | undefined;
  isUp(): boolean;
  close(): Promise<void>;
}

/**
 * The embedded Aedes broker on `port`, or a client connection to the external broker at `url`.
 * A broker that cannot start or connect leaves the server running (health shows it down), since
 * the web app and the HTTP ingest do not depend on it.
 */
export async function startBroker(options: { url?: string; port: number; logger: Logger }): Promise<Broker> {
  const { logger } = options;
  if (options.url) {
    // Loaded only when configured, which keeps start-up of the embedded default short.
    const { default: mqtt } = await import('mqtt');
    const client = mqtt.connect(options.url, { clientId: `olo-${process.pid}-${Date.now()}`, reconnectPeriod: 2000 });
    client.on('error', (error) => logger.warn({ err: error }, 'MQTT broker connection error'));
    return {
      kind: 'external',
      port: undefined,
      isUp: () => client.connected,
      close: () => client.endAsync().then(() => undefined),
    };
  }
  const aedes = await Aedes.createBroker();
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
    async close() {
      if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => aedes.close(() => resolve()));
    },
  };
}
