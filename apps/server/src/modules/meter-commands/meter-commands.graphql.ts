import { commandsOf, type DriverCommand } from '@olo/drivers';
import { sendMeterCommandInput, sendMeterCommandsInput } from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { parseInput } from '../../shared/errors.ts';
import { MeterRef } from '../meters/meters.graphql.ts';
import type { MeterCommandRow } from './meter-commands.repository.ts';
import type { MeterCommandOutcome } from './meter-commands.service.ts';

const MeterCommandRef = builder.objectRef<MeterCommandRow>('MeterCommand').implement({
  fields: (t) => ({
    id: t.exposeInt('id'),
    type: t.exposeString('type'),
    name: t.exposeString('name'),
    description: t.exposeString('description', { nullable: true }),
    interval: t.exposeInt('interval', { nullable: true }),
    extra: t.expose('extra', { type: 'JSON', nullable: true }),
    status: t.exposeString('status', { description: 'queued, sent or failed.' }),
    error: t.exposeString('error', { nullable: true }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    sentAt: t.expose('sentAt', { type: 'DateTime', nullable: true }),
  }),
});

const DriverCommandIntervalRef = builder.objectRef<{ min: number; max: number }>('DriverCommandInterval').implement({
  description: 'Seconds an interval command accepts, inclusive.',
  fields: (t) => ({ min: t.exposeInt('min'), max: t.exposeInt('max') }),
});

const DriverCommandTypeEnum = builder.enumType('DriverCommandType', { values: ['action', 'interval'] as const });

const DriverCommandRef = builder.objectRef<DriverCommand>('DriverCommand').implement({
  description: "A command the meter's driver can send by id (meterCommand, meterCommands).",
  fields: (t) => ({
    id: t.exposeString('id', {
      description: "Stable, and the same across vendors for the same intent, e.g. 'reboot'.",
    }),
    type: t.field({ type: DriverCommandTypeEnum, resolve: (command) => command.type }),
    name: t.exposeString('name', { description: 'English; clients translate by id.' }),
    description: t.exposeString('description'),
    interval: t.field({
      type: DriverCommandIntervalRef,
      nullable: true,
      resolve: (command) => command.interval ?? null,
    }),
  }),
});

const MeterCommandOutcomeStatusEnum = builder.enumType('MeterCommandOutcomeStatus', {
  values: ['sent', 'failed', 'unavailable'] as const,
  description: "unavailable: the meter's driver has no such command, so nothing was sent to it.",
});

const MeterCommandOutcomeRef = builder.objectRef<MeterCommandOutcome>('MeterCommandOutcome').implement({
  fields: (t) => ({
    meterId: t.exposeInt('meterId'),
    status: t.field({ type: MeterCommandOutcomeStatusEnum, resolve: (outcome) => outcome.status }),
    command: t.field({ type: MeterCommandRef, nullable: true, resolve: (outcome) => outcome.command }),
  }),
});

builder.objectFields(MeterRef, (t) => ({
  commands: t.field({
    type: [MeterCommandRef],
    resolve: (meter, _args, context) => context.services.meterCommands.ofMeter(context.access, meter.id),
  }),
  driverCommands: t.field({
    type: [DriverCommandRef],
    description: "What the meter's driver can send by id; empty without a driver whose downlinks Olo knows.",
    resolve: (meter) => commandsOf(meter.driver),
  }),
}));

builder.mutationFields((t) => ({
  meterCommand: t.field({
    type: MeterCommandRef,
    description:
      "Sends a command of the meter's driver (commandId, with interval seconds for an interval command), or a raw downlink (name, fPort and hex payload), through the meter's network server.",
    args: {
      meterId: t.arg.int({ required: true }),
      commandId: t.arg.string({ description: 'An id of Meter.driverCommands.' }),
      interval: t.arg.int({ description: 'Seconds, for an interval command.' }),
      name: t.arg.string({ description: 'For a raw downlink.' }),
      fPort: t.arg.int(),
      payload: t.arg.string({ description: 'Hex bytes.' }),
    },
    resolve: (_root, args, context) =>
      context.services.meterCommands.send(
        context.access,
        parseInput(sendMeterCommandInput, { ...args, payloadHex: args.payload }),
      ),
  }),
  meterCommands: t.field({
    type: [MeterCommandOutcomeRef],
    description:
      "Sends a command by id to every listed meter whose driver has it. Refused as a whole (nothing sent) unless the viewer administers every listed meter and the interval suits each meter's command.",
    args: {
      meterIds: t.arg.intList({ required: true }),
      commandId: t.arg.string({ required: true }),
      interval: t.arg.int({ description: 'Seconds, for an interval command.' }),
    },
    resolve: (_root, args, context) =>
      context.services.meterCommands.sendMany(context.access, parseInput(sendMeterCommandsInput, args)),
  }),
}));
