import {
  createCalibrationInput,
  createConversionInput,
  testCalibrationInput,
  updateCalibrationInput,
} from '@olo/shared';
import { builder } from '../../graphql/builder.ts';
import { absentNulls } from '../../graphql/input.ts';
import { parseInput } from '../../shared/errors.ts';
import type { CalibrationRow, ConversionRow } from './calibrations.repository.ts';
import type { TestCalibrationResult } from './calibrations.service.ts';

export const MeterConversionRef = builder.objectRef<ConversionRow>('MeterConversion').implement({
  description: "Arithmetic on a channel's raw value (x), applied before its calibration.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    name: t.exposeString('name'),
    target: t.exposeString('target', {
      nullable: true,
      description: 'Measurement type of the converted value; null keeps the channel type.',
    }),
    expression: t.exposeString('expression'),
    channel: t.exposeString('channel'),
  }),
});

const CalibrationRangeRef = builder.objectRef<{ start: Date; end: Date | null }>('MeterCalibrationRange').implement({
  fields: (t) => ({
    start: t.expose('start', { type: 'DateTime' }),
    end: t.expose('end', { type: 'DateTime', nullable: true, description: 'Exclusive; null: open-ended.' }),
  }),
});

export const MeterCalibrationRef = builder.objectRef<CalibrationRow>('MeterCalibration').implement({
  description: "A correction of a channel's (converted) value for a time range.",
  fields: (t) => ({
    id: t.exposeInt('id'),
    expression: t.exposeString('expression'),
    channel: t.exposeString('channel'),
    meterId: t.exposeInt('meterId'),
    range: t.field({
      type: CalibrationRangeRef,
      resolve: (calibration) => ({ start: calibration.startAt, end: calibration.endAt }),
    }),
  }),
});

const TestCalibrationResultRef = builder.objectRef<TestCalibrationResult>('TestCalibrationResult').implement({
  description: 'What a calibration expression makes of one recent reading.',
  fields: (t) => ({
    time: t.expose('time', { type: 'DateTime' }),
    original: t.exposeFloat('original', { description: 'The raw value of the channel.' }),
    data: t.exposeFloat('data', { nullable: true, description: 'After the conversion and the tested expression.' }),
    valid: t.exposeBoolean('valid'),
    message: t.exposeString('message', { nullable: true, description: 'Why it failed, or null.' }),
  }),
});

const CreateConversionInput = builder.inputType('CreateConversionInput', {
  fields: (t) => ({
    meterId: t.int({ required: true }),
    channel: t.string({ required: true }),
    name: t.string({ description: "Default: the channel's name." }),
    target: t.string(),
    expression: t.string({ required: true }),
  }),
});

const CreateCalibrationInput = builder.inputType('CreateCalibrationInput', {
  fields: (t) => ({
    meterId: t.int({ required: true }),
    channel: t.string({ required: true }),
    expression: t.string({ required: true }),
    startAt: t.field({ type: 'DateTime', description: 'Default: now.' }),
    endAt: t.field({ type: 'DateTime', description: 'Exclusive; omitted or null: open-ended.' }),
  }),
});

const UpdateCalibrationInput = builder.inputType('UpdateCalibrationInput', {
  fields: (t) => ({
    id: t.int({ required: true }),
    expression: t.string(),
    startAt: t.field({ type: 'DateTime' }),
    endAt: t.field({ type: 'DateTime', description: 'Null makes it open-ended; omitted leaves it.' }),
  }),
});

const TestCalibrationInput = builder.inputType('TestCalibrationInput', {
  fields: (t) => ({
    meterId: t.int({ required: true }),
    channel: t.string({ required: true }),
    expression: t.string({ required: true }),
  }),
});

builder.mutationFields((t) => ({
  createConversion: t.field({
    type: MeterConversionRef,
    description: "Creates the channel's conversion or replaces its existing one; recomputes the channel's series.",
    args: { input: t.arg({ type: CreateConversionInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.calibrations.createConversion(context.access, parseInput(createConversionInput, args.input)),
  }),
  deleteConversion: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.calibrations.deleteConversion(context.access, args.id),
  }),
  createCalibration: t.field({
    type: MeterCalibrationRef,
    description: 'Ends overlapping earlier calibrations at its start (docs/decisions/0015).',
    args: { input: t.arg({ type: CreateCalibrationInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.calibrations.createCalibration(
        context.access,
        parseInput(createCalibrationInput, absentNulls(args.input)),
      ),
  }),
  updateCalibration: t.field({
    type: MeterCalibrationRef,
    args: { input: t.arg({ type: UpdateCalibrationInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.calibrations.updateCalibration(
        context.access,
        parseInput(updateCalibrationInput, absentNulls(args.input, { clearable: ['endAt'] })),
      ),
  }),
  deleteCalibration: t.boolean({
    args: { id: t.arg.int({ required: true }) },
    resolve: (_root, args, context) => context.services.calibrations.deleteCalibration(context.access, args.id),
  }),
  testCalibration: t.field({
    type: [TestCalibrationResultRef],
    description: "The expression applied to the channel's last 20 readings, newest first; saves nothing.",
    args: { input: t.arg({ type: TestCalibrationInput, required: true }) },
    resolve: (_root, args, context) =>
      context.services.calibrations.testCalibration(context.access, parseInput(testCalibrationInput, args.input)),
  }),
}));
