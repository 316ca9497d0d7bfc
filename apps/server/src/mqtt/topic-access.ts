import type { Provider } from '../modules/ingest/uplink-formats.ts';

/**
 * A network server's application as the broker's topics name it: a Things Stack
 * `{application id}@{tenant id}` (the plain application id without tenants) or a ChirpStack
 * application id. Every uplink, event and downlink topic of a device lies under its application.
 */
export interface TopicApplication {
  provider: Provider;
  application: string;
}

/** Topics of a device of an application: `v3/<app>/devices/<device>/…` and `application/<app>/device/<eui>/{event,command}/…`. */
const deviceTopics: ReadonlyArray<[Provider, RegExp]> = [
  ['tts', /^v3\/([^/#+]+)\/devices\/[^/#+]+\/[^#+]+$/],
  ['chirpstack', /^application\/([^/#+]+)\/device\/[^/#+]+\/(?:event|command)\/[^#+]+$/],
];

/** The application a device topic belongs to, or null for any other topic. */
export function applicationOfTopic(topic: string): TopicApplication | null {
  for (const [provider, pattern] of deviceTopics) {
    const match = pattern.exec(topic);
    if (match) return { provider, application: match[1] as string };
  }
  return null;
}

/**
 * What a subscription's topic filter reaches: `named` when it names one application, `wildcard`
 * when its application level (or a level before it) is a wildcard, so that it could match any
 * application's topics, and `other` when it can match no device topic at all (`$SYS/#`, `foo`).
 */
export type FilterReach = { kind: 'named'; topic: TopicApplication } | { kind: 'wildcard' } | { kind: 'other' };

export function reachOfFilter(filter: string): FilterReach {
  const [root, application] = filter.split('/');
  if (root === '#' || root === '+') return { kind: 'wildcard' };
  const provider: Provider | undefined = root === 'v3' ? 'tts' : root === 'application' ? 'chirpstack' : undefined;
  if (!provider || application === undefined) return { kind: 'other' };
  if (application === '#' || application === '+') return { kind: 'wildcard' };
  return { kind: 'named', topic: { provider, application } };
}

/**
 * Who may receive a message, as organization ids; site-wide clients receive every message. A
 * message without an audience reaches site-wide clients only.
 */
export type Audience = ReadonlySet<string>;

/**
 * The organizations owning each application, looked up through `lookup` (the organizations it is
 * bound to, decision 0145) and kept for `ttlMs`, so that a busy broker asks the database
 * once per application and interval rather than once per message. A meter moved to another
 * organization changes the answer within `ttlMs`.
 */
export class ApplicationOwners {
  private readonly cache = new Map<string, { owners: readonly string[]; at: number }>();

  constructor(
    private readonly lookup: (topic: TopicApplication) => Promise<string[]>,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  async of(topic: TopicApplication): Promise<readonly string[]> {
    const key = `${topic.provider}\u0000${topic.application}`;
    const cached = this.cache.get(key);
    if (cached && this.now() - cached.at < this.ttlMs) return cached.owners;
    const owners = await this.lookup(topic);
    this.remember(topic, owners);
    return owners;
  }

  /** What this instance just learned (an application bound), kept as a fresh answer. */
  remember(topic: TopicApplication, owners: readonly string[]): void {
    const key = `${topic.provider}\u0000${topic.application}`;
    // Insertion order is age order: the oldest entry goes first when full.
    this.cache.delete(key);
    if (this.cache.size >= this.maxEntries) this.cache.delete(this.cache.keys().next().value as string);
    this.cache.set(key, { owners, at: this.now() });
  }

  /** After an application was bound or meters changed organization on this instance: asked again from the next message on. */
  forget(): void {
    this.cache.clear();
  }
}

/** Whether the site's allocation gives an application only to organizations other than `organizationId`. */
export function ownedByOthers(owners: readonly string[], organizationId: string): boolean {
  return owners.length > 0 && !owners.includes(organizationId);
}
