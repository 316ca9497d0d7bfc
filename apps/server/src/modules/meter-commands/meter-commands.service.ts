import { commandsOf, type DriverCommand } from '@olo/drivers';
import { accountErrors, meterErrors, type sendMeterCommandInput, type sendMeterCommandsInput } from '@olo/shared';
import type { z } from 'zod';
import { AppError, invalidField } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { MeterRow, MetersRepository } from '../meters/meters.repository.ts';
import type { MeterCommandRow, MeterCommandsRepository } from './meter-commands.repository.ts';

/** Where a downlink for this meter goes on its network server's MQTT, and its JSON body. */
export function downlinkMessage(
  meter: Pick<MeterRow, 'provider' | 'providerInfo' | 'serial'>,
  fPort: number,
  payload: Buffer,
) {
  const route = (meter.providerInfo ?? {}) as Record<string, string | undefined>;
  if (meter.provider === 'tts' && route.deviceId) {
    const application = route.topicApplication ?? route.applicationId;
    return {
      topic: `v3/${application}/devices/${route.deviceId}/down/push`,
      body: { downlinks: [{ f_port: fPort, frm_payload: payload.toString('base64'), priority: 'NORMAL' }] },
    };
  }
  if (meter.provider === 'chirpstack' && route.applicationId) {
    return {
      topic: `application/${route.applicationId}/device/${meter.serial}/command/down`,
      body: { devEui: meter.serial, confirmed: false, fPort, data: payload.toString('base64') },
    };
  }
  return undefined;
}

/** What a bulk command did to one meter: `unavailable` when its driver has no such command. */
export type MeterCommandOutcome =
  | { meterId: number; status: 'sent' | 'failed'; command: MeterCommandRow }
  | { meterId: number; status: 'unavailable'; command: null };

/** A downlink and how it is recorded in meter_commands. */
interface PreparedCommand {
  type: string;
  name: string;
  description: string | null;
  interval: number | null;
  fPort: number;
  bytes: Uint8Array;
  commandId: string | null;
}

/** The driver command's downlink; refuses seconds outside the command's range before encoding. */
function prepareDriverCommand(command: DriverCommand, interval: number | null | undefined): PreparedCommand {
  const seconds = command.type === 'interval' ? interval : undefined;
  if (command.interval) {
    if (seconds == null || seconds < command.interval.min || seconds > command.interval.max) {
      throw invalidField('interval', meterErrors.commandIntervalOutOfRange);
    }
  }
  const { fPort, bytes } = command.encode(seconds ?? undefined);
  return {
    type: command.type,
    name: command.name,
    description: command.description,
    interval: seconds ?? null,
    fPort,
    bytes,
    commandId: command.id,
  };
}

/** Downlinks to meters: a driver's commands by id, or raw bytes, sent through the meter's network server. */
export class MeterCommandsService {
  constructor(
    private readonly deps: {
      repository: MeterCommandsRepository;
      meters: Pick<MetersRepository, 'findById' | 'list'>;
      /**
       * Publishes a downlink on the broker the meter's network server listens to, for the meter's
       * organization's network servers only (null: site-wide clients only).
       */
      publishDownlink: (topic: string, body: string, organizationId: string | null) => Promise<void>;
    },
  ) {}

  /**
   * Sends one meter a command of its driver by id, or (administrators' escape hatch) raw port and
   * hex bytes, recorded in its command history.
   */
  async send(access: ViewerAccess, input: z.output<typeof sendMeterCommandInput>): Promise<MeterCommandRow> {
    const user = access.requireUser();
    await access.assertMeter('meter.admin', input.meterId);
    const meter = await this.deps.meters.findById(input.meterId);
    if (!meter) throw new AppError('NOT_FOUND', accountErrors.notFound);
    let prepared: PreparedCommand;
    if (input.commandId) {
      const command = commandsOf(meter.driver).find((candidate) => candidate.id === input.commandId);
      if (!command) throw invalidField('commandId', meterErrors.unknownCommand);
      prepared = prepareDriverCommand(command, input.interval);
    } else {
      prepared = {
        type: 'downlink',
        name: input.name ?? '',
        description: null,
        interval: null,
        fPort: input.fPort as number,
        bytes: Buffer.from(input.payloadHex ?? '', 'hex'),
        commandId: null,
      };
    }
    return this.deliver(meter, prepared, user.id);
  }

  /**
   * Sends the same command to every listed meter whose driver has it. The viewer must administer
   * every one of them, and the interval must suit every meter that has the command, or nothing is
   * sent: a half-applied bulk action is harder to reason about than a refused one.
   */
  async sendMany(access: ViewerAccess, input: z.output<typeof sendMeterCommandsInput>): Promise<MeterCommandOutcome[]> {
    const user = access.requireUser();
    for (const meterId of input.meterIds) await access.assertMeter('meter.admin', meterId);
    const meters = await this.deps.meters.list({ ids: input.meterIds, organizationIds: null });
    if (meters.length !== input.meterIds.length) throw new AppError('NOT_FOUND', accountErrors.notFound);
    const planned = meters.map((meter) => {
      const command = commandsOf(meter.driver).find((candidate) => candidate.id === input.commandId);
      return { meter, prepared: command ? prepareDriverCommand(command, input.interval) : null };
    });
    if (planned.every(({ prepared }) => prepared === null)) {
      throw invalidField('commandId', meterErrors.unknownCommand);
    }
    const outcomes: MeterCommandOutcome[] = [];
    for (const { meter, prepared } of planned) {
      if (!prepared) {
        outcomes.push({ meterId: meter.id, status: 'unavailable', command: null });
        continue;
      }
      const command = await this.deliver(meter, prepared, user.id);
      outcomes.push({ meterId: meter.id, status: command.status === 'sent' ? 'sent' : 'failed', command });
    }
    return outcomes;
  }

  /** Records the command, publishes it on the meter's network server topic, and records how that went. */
  private async deliver(meter: MeterRow, prepared: PreparedCommand, userId: string): Promise<MeterCommandRow> {
    const payload = Buffer.from(prepared.bytes);
    const command = await this.deps.repository.insert({
      meterId: meter.id,
      type: prepared.type,
      name: prepared.name,
      description: prepared.description,
      interval: prepared.interval,
      extra: {
        ...(prepared.commandId ? { commandId: prepared.commandId } : {}),
        fPort: prepared.fPort,
        payloadHex: payload.toString('hex'),
      },
      createdBy: userId,
    });
    const message = downlinkMessage(meter, prepared.fPort, payload);
    if (!message) {
      return this.deps.repository.update(command.id, {
        status: 'failed',
        error: 'The meter has no downlink route yet',
      });
    }
    try {
      // A free meter's downlink goes to the organization whose integration delivered its latest uplink.
      await this.deps.publishDownlink(
        message.topic,
        JSON.stringify(message.body),
        meter.organizationId ?? meter.routeOrganizationId,
      );
      return await this.deps.repository.update(command.id, { status: 'sent', sentAt: new Date() });
    } catch (error) {
      return this.deps.repository.update(command.id, { status: 'failed', error: (error as Error).message });
    }
  }

  async ofMeter(access: ViewerAccess, meterId: number): Promise<MeterCommandRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.deps.repository.ofMeter(meterId);
  }
}
