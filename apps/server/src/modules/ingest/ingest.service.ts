import {
  type DecodeResult,
  type DeviceIdentity,
  type Driver,
  driverForDevice,
  findDriver,
  genericJsonDriver,
} from '@olo/drivers';
import { estimatedSignalPower } from '@olo/shared';
import type { Logger } from 'pino';
import type { EventBus } from '../../events/event-bus.ts';
import { ApplicationOwners, ownedByOthers, type TopicApplication } from '../../mqtt/topic-access.ts';
import { isValueDatabaseError, sqlStateOf, storableText } from '../../shared/storable.ts';
import type { ApplicationBindingsRepository } from '../integrations/application-bindings.repository.ts';
import type { IntegrationRow } from '../integrations/integrations.repository.ts';
import type { MeterRow, MetersRepository } from '../meters/meters.repository.ts';
import type { SystemErrorsRepository } from '../system-errors/system-errors.repository.ts';
import { historyReadings, storedChannels } from './history-readings.ts';
import { MeterCache } from './meter-cache.ts';
import { mayClaim } from './meter-ownership.ts';
import { newRouteApplication, routeAfter, sameRoute, uplinkApplication } from './meter-routes.ts';
import { ReadingRefusedError, type ReadingWriter } from './reading-writer.ts';
import type { ReadingToStore } from './readings.repository.ts';
import {
  type Provider,
  parseUplink,
  type ReadingTimeWindow,
  type Uplink,
  UplinkFormatError,
  type UplinkOrigin,
} from './uplink-formats.ts';

/** What became of a well-formed uplink: stored, or refused (recorded as a system error) and never stored. */
export type UplinkOutcome = 'stored' | 'refused';

type Sender = Pick<IntegrationRow, 'id' | 'organizationId'>;

/**
 * From a network server's uplink to a stored reading: find (or create, as a free meter) the meter
 * by its DevEUI, check that the integration may feed it, decode the payload with the meter's
 * driver, and hand the reading to the writer. Resolves once the reading is committed.
 */
export class IngestService {
  private readonly meters: MeterCache;
  /** The organizations each application is bound to, as the broker asks them (decision 0145). */
  private readonly bound: ApplicationOwners;

  constructor(
    private readonly deps: {
      meters: MetersRepository;
      bindings: Pick<ApplicationBindingsRepository, 'organizationsOf' | 'bind'>;
      /** An application was bound on this instance (the broker's `applicationBound`). */
      applicationBound?: (topic: TopicApplication, organizationId: string) => void;
      /**
       * Olo's downlinks reach every client subscribed to their topic (an external broker, MQTT_URL),
       * not only the meter's organization's: an organization's uplink may then not route its meter
       * onto an application that the site's allocation gives to others either.
       */
      downlinksReachEverySubscriber?: boolean;
      /** Where refused uplinks and meters' problems are recorded. */
      systemErrors: Pick<SystemErrorsRepository, 'record'>;
      writer: ReadingWriter;
      events: EventBus;
      logger: Logger;
      /** A meter got its driver from an uplink: decode what it kept raw before (MetersService). */
      driverLearned?: (meter: MeterRow) => Promise<void>;
      /** The times a reading may have (READING_TIME_MIN, READING_MAX_AHEAD); the defaults when absent. */
      readingTimes?: ReadingTimeWindow;
    },
  ) {
    // Admin changes arrive through forgetMeter; the refresh catches changes made elsewhere (another instance).
    this.meters = new MeterCache((serials) => deps.meters.findBySerials(serials), { refreshAfterMs: 10_000 });
    this.bound = new ApplicationOwners((topic) => deps.bindings.organizationsOf(topic));
  }

  /**
   * Parses one message of `provider`'s format; throws UplinkFormatError for one that is malformed
   * or holds what the database cannot (its time outside the window included).
   */
  parse(provider: Provider, body: unknown, origin: UplinkOrigin = {}): Uplink {
    return parseUplink(provider, body, origin, this.deps.readingTimes);
  }

  /**
   * One MQTT message: one refused for its content is recorded as a system error and dropped
   * (redelivering it would not mend it, and would hold up the messages behind it); a well-formed
   * one is stored before this resolves. Throws only when the database is away or failing.
   */
  async acceptMessage(
    provider: Provider,
    payload: Buffer,
    sender: Sender,
    topic?: string,
  ): Promise<UplinkOutcome | 'malformed'> {
    let uplink: Uplink;
    try {
      uplink = this.parse(provider, JSON.parse(payload.toString('utf8')), { topic });
    } catch (error) {
      if (error instanceof SyntaxError) {
        await this.deps.systemErrors.record({
          name: `Malformed uplink: ${error.message}`,
          type: 'ingest.malformed',
          data: { provider, integrationId: sender.id, bytes: payload.length },
        });
        return 'malformed';
      }
      if (!(error instanceof UplinkFormatError)) throw error;
      await this.recordRefusal(error, sender, { provider, bytes: payload.length });
      return 'malformed';
    }
    return this.accept(uplink, sender);
  }

  /**
   * An uplink refused before anything of it was stored: recorded as a system error, on its meter
   * when it names one that the sender may feed (no other organization sees it otherwise).
   */
  async recordRefusal(error: UplinkFormatError, sender: Sender, data: Record<string, unknown> = {}): Promise<void> {
    const meter = error.serial === undefined ? undefined : await this.meters.get(error.serial);
    const timeRefused = error.fault === 'reading-time';
    await this.deps.systemErrors.record({
      name: timeRefused ? `Uplink refused: ${error.message}` : `Malformed uplink: ${error.message}`,
      type: timeRefused ? 'ingest.reading-time' : 'ingest.malformed',
      data: { ...data, integrationId: sender.id, ...(error.serial === undefined ? {} : { serial: error.serial }) },
      meterId: meter && mayFeed(sender, meter) ? meter.id : null,
    });
  }

  /** An uplink of the network server that the sending integration is not for: refused, and recorded. */
  async recordWrongKind(topic: string, sender: Pick<IntegrationRow, 'id' | 'kind'>): Promise<void> {
    await this.deps.systemErrors.record({
      name: `Uplink refused: this integration sends ${sender.kind} uplinks`,
      type: 'ingest.wrong-kind',
      data: { topic, integrationId: sender.id, kind: sender.kind },
    });
  }

  /** A message that an organization's client published on a topic of no application: refused, and recorded. */
  async recordForeignTopic(topic: string, sender: Pick<IntegrationRow, 'id'>): Promise<void> {
    await this.deps.systemErrors.record({
      name: "MQTT message refused: the topic is not of this integration's applications",
      type: 'mqtt.foreign-topic',
      data: { topic, integrationId: sender.id },
    });
  }

  async accept(uplink: Uplink, integration: Sender): Promise<UplinkOutcome> {
    const { committed } = await this.enqueue(uplink, integration);
    return committed;
  }

  /**
   * Takes an uplink into the writer's queue and resolves then; `committed` resolves once it is
   * stored, or refused and recorded (the database would not store it). Callers with several
   * uplinks enqueue them one after another, so that the queue keeps their order (of two readings
   * of one time, the first counts), and await the commits together.
   */
  async enqueue(uplink: Uplink, integration: Sender): Promise<{ committed: Promise<UplinkOutcome> }> {
    try {
      return await this.prepare(uplink, integration);
    } catch (error) {
      // The parser lets through only what the columns hold; should a value still fail, it fails
      // this uplink alone.
      if (!isValueDatabaseError(error)) throw error;
      this.deps.logger.warn({ err: error, serial: uplink.serial }, 'an uplink was refused: a value cannot be stored');
      await this.deps.systemErrors.record({
        name: 'Uplink refused: the database cannot store one of its values',
        type: 'ingest.unstorable',
        data: { serial: uplink.serial, integrationId: integration.id, sqlState: sqlStateOf(error) },
      });
      return { committed: Promise.resolve('refused') };
    }
  }

  private async prepare(uplink: Uplink, integration: Sender): Promise<{ committed: Promise<UplinkOutcome> }> {
    let meter = await this.meterFor(uplink, integration);
    if (!mayFeed(integration, meter)) {
      // One organization's credentials must not write another organization's data.
      await this.deps.systemErrors.record({
        name: 'Uplink refused: the meter belongs to another organization',
        type: 'ingest.foreign-meter',
        data: { serial: uplink.serial, integrationId: integration.id },
        meterId: meter.id,
      });
      return { committed: Promise.resolve('refused') };
    }
    if (!(await this.mayUseApplication(meter, uplink, integration))) {
      // An organization's uplinks there would take another's application; a site-wide one would
      // send the meter's downlinks (its organization's commands) to another organization's application.
      await this.deps.systemErrors.record({
        name: "Uplink refused: heard on another organization's application",
        type: 'ingest.foreign-application',
        data: { serial: uplink.serial, application: uplinkApplication(meter, uplink), integrationId: integration.id },
        meterId: meter.id,
      });
      return { committed: Promise.resolve('refused') };
    }
    // Only after those checks: a refused uplink must not change where another organization's downlinks go.
    meter = await this.learnFrom(meter, uplink, integration);
    const decoded = this.decode(meter, uplink);
    // A decoder's message may quote the payload (a JSON parser's does), NUL bytes and all.
    const decodeError = decoded && !decoded.ok ? storableText(decoded.error, 1000) : null;
    if (decodeError !== null) {
      await this.deps.systemErrors.record({
        name: decodeError,
        type: 'meter.decode',
        data: { fPort: uplink.fPort, payload: uplink.payload?.toString('hex') ?? null },
        meterId: meter.id,
      });
    }
    const channels = decoded?.ok === true ? storedChannels(decoded.channels) : null;
    const health = decoded?.ok === true ? decoded.health : {};
    const reading: ReadingToStore = {
      meterId: meter.id,
      time: uplink.time,
      fCnt: uplink.fCnt,
      fPort: uplink.fPort,
      payload: uplink.payload,
      channels,
      decodeError,
      rssi: uplink.radio.rssi,
      snr: uplink.radio.snr,
      spfact: uplink.radio.spfact,
      txpower: uplink.radio.txpower,
      esp: estimatedSignalPower(uplink.radio.rssi, uplink.radio.snr),
      towers: uplink.radio.towers,
      lat: uplink.radio.lat,
      lon: uplink.radio.lon,
      battery: health.batteryVoltage ?? health.batteryPercent ?? null,
      vdd: health.vdd ?? null,
    };
    const earlier = historyReadings(
      meter.id,
      uplink.time,
      decoded?.ok === true ? (decoded.history ?? []) : [],
      this.deps.readingTimes,
    );
    if (earlier.refusal) await this.deps.systemErrors.record({ ...earlier.refusal, meterId: meter.id });
    const refuse = async (one: ReadingToStore, error: unknown): Promise<UplinkOutcome> => {
      if (!(error instanceof ReadingRefusedError)) throw error;
      await this.deps.systemErrors.record({
        name: 'Reading refused: the database cannot store one of its values',
        type: 'ingest.unstorable',
        data: { sqlState: error.sqlState, time: one.time, fCnt: one.fCnt, fPort: one.fPort },
        meterId: meter.id,
      });
      return 'refused';
    };
    // One after another, so that they share the meter's lane and usually its transaction; the
    // uplink's outcome is its own reading's (a refused history record is recorded on its own).
    const committed = Promise.all(
      [reading, ...earlier.readings].map((one) =>
        this.deps.writer.enqueue(one).then(
          (): UplinkOutcome => 'stored',
          (error: unknown) => refuse(one, error),
        ),
      ),
    ).then(([outcome]) => outcome as UplinkOutcome);
    // The caller awaits it; until then a failure must not count as unhandled.
    committed.catch(() => {});
    return { committed };
  }

  /**
   * Whether this uplink may use its application (decision 0145). Through the site-wide
   * credentials (and, on an external broker, an organization's too): unless it would newly route
   * an organization's meter to an application that the site's allocation gives only to others.
   * Through an organization's own credentials it binds the application to that organization too,
   * whoever else is bound to it: on the embedded broker each organization's clients reach only
   * its own messages, so no tenant's uplinks can take an application id from another.
   */
  private async mayUseApplication(meter: MeterRow, uplink: Uplink, sender: Sender): Promise<boolean> {
    const organizationId = sender.organizationId;
    if (organizationId === null || this.deps.downlinksReachEverySubscriber) {
      const application = newRouteApplication(meter, uplink);
      if (application !== undefined) {
        const owners = await this.deps.meters.organizationsOfApplication(uplink.provider, application);
        if (ownedByOthers(owners, meter.organizationId as string)) return false;
      }
      if (organizationId === null) return true;
    }
    const application = uplinkApplication(meter, uplink);
    if (application === undefined) return true;
    const topic: TopicApplication = { provider: uplink.provider, application };
    const owners = await this.bound.of(topic);
    if (!owners.includes(organizationId)) {
      await this.deps.bindings.bind(topic, { organizationId, integrationId: sender.id });
      this.bound.remember(topic, [...owners, organizationId]);
      this.deps.applicationBound?.(topic, organizationId);
    }
    return true;
  }

  /** Null: no driver is known and the network server decoded nothing, so the reading stays raw. */
  private decode(meter: MeterRow, uplink: Uplink): DecodeResult | null {
    const driver = meter.driver ? findDriver(meter.driver) : undefined;
    if (driver && driver.id !== genericJsonDriver.id) {
      if (!uplink.payload || uplink.fPort === null) return null;
      return driver.decode(uplink.payload, uplink.fPort);
    }
    if (uplink.decoded) return genericJsonDriver.decodeObject(uplink.decoded);
    return null;
  }

  private async meterFor(uplink: Uplink, sender: Sender): Promise<MeterRow> {
    let meter = await this.meters.get(uplink.serial);
    if (!meter) {
      const driver = driverFor(uplink.identity) ?? (uplink.decoded ? genericJsonDriver : undefined);
      // First seen through an organization's own credentials: that organization's meter (decision 0150).
      const owner = (await mayClaim(uplink, sender, this.deps)) ? sender.organizationId : null;
      const result = await this.deps.meters.insertOrGet({
        serial: uplink.serial,
        driver: driver?.id ?? null,
        provider: uplink.provider,
        providerInfo: uplink.route,
        routeFromOrganization: sender.organizationId !== null,
        routeOrganizationId: sender.organizationId,
        organizationId: owner,
        // From its first reading: what it sent is the organization's from the start.
        organizationSince: owner === null ? null : new Date(Math.min(uplink.time.getTime(), Date.now())),
        name: uplink.route.deviceId ?? null,
      });
      meter = result.meter;
      if (result.created) {
        await this.deps.systemErrors.record({
          name:
            owner === null
              ? 'Unknown meter: created as a free meter'
              : "Unknown meter: created as its integration's organization's meter",
          type: 'meter.unknown',
          data: { serial: uplink.serial, provider: uplink.provider, driver: driver?.id ?? null, organizationId: owner },
        });
      }
      this.meters.set(meter);
    }
    return meter;
  }

  /** What an uplink tells of a known meter: its driver (when it had none) and its downlink route. */
  private async learnFrom(known: MeterRow, uplink: Uplink, sender: Sender): Promise<MeterRow> {
    let meter = known;
    const changes: Partial<
      Pick<MeterRow, 'driver' | 'provider' | 'providerInfo' | 'routeFromOrganization' | 'routeOrganizationId'>
    > = {};
    const driver = meter.driver ? undefined : driverFor(uplink.identity);
    if (driver) changes.driver = driver.id;
    const route = routeAfter(meter, uplink);
    if (meter.provider !== uplink.provider || !sameRoute(route, meter.providerInfo as Record<string, string>)) {
      // Downlinks follow the meter to where it is heard now.
      changes.provider = uplink.provider;
      changes.providerInfo = route;
    }
    // Whose word the route is: the site's (its allocation, which refuses others' site-wide
    // uplinks) or an organization's integration (whose claim is its application binding).
    const fromOrganization = sender.organizationId !== null;
    if (
      changes.providerInfo
        ? meter.routeFromOrganization !== fromOrganization
        : meter.routeFromOrganization && !fromOrganization
    ) {
      changes.routeFromOrganization = fromOrganization;
    }
    // Whose clients a free meter's downlinks go to: the organization that delivered its latest uplink.
    if (meter.routeOrganizationId !== sender.organizationId) changes.routeOrganizationId = sender.organizationId;
    if (Object.keys(changes).length > 0) {
      meter = await this.deps.meters.update(meter.id, changes);
      this.meters.set(meter);
      if (changes.driver) await this.deps.driverLearned?.(meter);
    }
    return meter;
  }

  /** Drops a cached meter after an admin changed it, so the next uplink reads it again. */
  forgetMeter(serial: string): void {
    this.meters.forget(serial);
  }
}

/** Whether an integration may feed a meter: a site-wide one any, an organization's its own and free ones. */
function mayFeed(sender: Sender, meter: MeterRow): boolean {
  return !sender.organizationId || !meter.organizationId || meter.organizationId === sender.organizationId;
}

function driverFor(identity: Uplink['identity']): Driver | undefined {
  const described: DeviceIdentity | undefined =
    identity.brand && identity.model
      ? { brand: identity.brand, model: identity.model }
      : identity.profileName
        ? { profileName: identity.profileName }
        : undefined;
  return described ? driverForDevice(described) : undefined;
}
