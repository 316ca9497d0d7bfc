import { EventEmitter, on } from 'node:events';

/** Topics and their payloads. Payloads carry ids only; subscribers read current state themselves. */
export interface EventMap {
  'user.updated': { userId: string };
  'session.ended': { sessionId: string };
  /** A project's own fields, memberships, spaces or pages changed. */
  'project.updated': { projectId: number };
  /** A meter sent a reading (or its settings changed). */
  'meter.updated': { meterId: number };
  /**
   * Latest values of a project's series moved; times are ISO strings (payloads cross Redis as JSON).
   * computerId: the instance whose ingest wrote them; null or absent after a recomputation.
   */
  'series.latest': {
    projectId: number;
    values: Array<{ seriesId: number; time: string; value: number }>;
    computerId?: number | null;
  };
}
export type Topic = keyof EventMap;

export interface EventBus {
  publish<T extends Topic>(topic: T, payload: EventMap[T]): Promise<void>;
  /** Events of `topic` until `signal` aborts. */
  subscribe<T extends Topic>(topic: T, signal: AbortSignal): AsyncIterable<EventMap[T]>;
  close(): Promise<void>;
}

class LocalBus {
  readonly emitter = new EventEmitter();
  constructor() {
    // One listener per live subscription; thousands are normal.
    this.emitter.setMaxListeners(0);
  }
  async *subscribe<T extends Topic>(topic: T, signal: AbortSignal): AsyncIterable<EventMap[T]> {
    try {
      for await (const [payload] of on(this.emitter, topic, { signal })) yield payload as EventMap[T];
    } catch (error) {
      if ((error as Error).name !== 'AbortError') throw error;
    }
  }
}

/** In-process bus: one server instance. */
export function createLocalEventBus(): EventBus {
  const local = new LocalBus();
  return {
    async publish(topic, payload) {
      local.emitter.emit(topic, payload);
    },
    subscribe: (topic, signal) => local.subscribe(topic, signal),
    async close() {
      local.emitter.removeAllListeners();
    },
  };
}

const channelPrefix = 'olo:';

/** Redis pub/sub: every instance receives every event, including its own (delivered once, via Redis). */
export async function createRedisEventBus(url: string): Promise<EventBus> {
  // Loaded only when configured: most installs run one instance and need no Redis client.
  const { Redis } = await import('ioredis');
  const publisher = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 3 });
  const subscriber = new Redis(url, { lazyConnect: true });
  await Promise.all([publisher.connect(), subscriber.connect()]);
  const local = new LocalBus();
  subscriber.on('pmessage', (_pattern, channel, message) => {
    local.emitter.emit(channel.slice(channelPrefix.length), JSON.parse(message));
  });
  await subscriber.psubscribe(`${channelPrefix}*`);
  return {
    async publish(topic, payload) {
      await publisher.publish(channelPrefix + topic, JSON.stringify(payload));
    },
    subscribe: (topic, signal) => local.subscribe(topic, signal),
    async close() {
      local.emitter.removeAllListeners();
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
