import {
  type CompiledExpression,
  calibrationBounds,
  calibrationErrors,
  compileExpression,
  type createCalibrationInput,
  type createConversionInput,
  ExpressionError,
  expressionProblem,
  tenancyErrors,
  type testCalibrationInput,
  type updateCalibrationInput,
} from '@olo/shared';
import type { z } from 'zod';
import type { Transaction } from '../../db/sql.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { AppError } from '../../shared/errors.ts';
import type { ViewerAccess } from '../access/access.policy.ts';
import type { RecalculationReason, RecalculationRepository } from '../recalculation/recalculation.repository.ts';
import type { RecalculationService, RecomputeRequest } from '../recalculation/recalculation.service.ts';
import type { CalibrationRow, CalibrationsRepository, ConversionRow } from './calibrations.repository.ts';

/** Spec section 5: a calibration lying more than a minute in the past recomputes the stored series. */
export const recomputeThresholdMs = 60_000;

export interface TestCalibrationResult {
  time: Date;
  /** The channel's raw value. */
  original: number;
  /** Conversion, then the tested expression; null when that failed. */
  data: number | null;
  valid: boolean;
  /** Why it failed (an i18n key), or null. */
  message: string | null;
}

type Range = Pick<CalibrationRow, 'startAt' | 'endAt'>;

/**
 * Where a calibration of a channel goes among the channel's others (docs/decisions/0015): every
 * one that started before it and still runs at its start is ended at its start; one that starts
 * within it is never changed: an open-ended new calibration ends where the first of those starts,
 * one with an end (or one starting at the same time) is refused.
 */
export function placeCalibration(
  others: Array<Range & { id: number }>,
  wanted: Range,
): { endAt: Date | null; ended: Array<Range & { id: number }> } {
  const start = wanted.startAt.getTime();
  const later = others.filter(
    (other) =>
      other.startAt.getTime() >= start && (wanted.endAt === null || other.startAt.getTime() < wanted.endAt.getTime()),
  );
  let endAt = wanted.endAt;
  if (later.length > 0) {
    const firstLater = Math.min(...later.map((other) => other.startAt.getTime()));
    if (wanted.endAt !== null || firstLater <= start) throw new AppError('CONFLICT', calibrationErrors.overlapsLater);
    endAt = new Date(firstLater);
  }
  const ended = others.filter(
    (other) => other.startAt.getTime() < start && (other.endAt === null || other.endAt.getTime() > start),
  );
  return { endAt, ended };
}

/** The earliest start and the latest end (null: open) of the ranges: the span whose values change. */
function spanOf(ranges: Range[]): { from: Date; to: Date | null } {
  const from = new Date(Math.min(...ranges.map((range) => range.startAt.getTime())));
  const to = ranges.some((range) => range.endAt === null)
    ? null
    : new Date(Math.max(...ranges.map((range) => (range.endAt as Date).getTime())));
  return { from, to };
}

function checkExpression(expression: string): void {
  const problem = expressionProblem(expression);
  if (problem) throw new AppError('BAD_USER_INPUT', problem, [{ path: 'expression', message: problem }]);
}

const denied = () => new AppError('FORBIDDEN', tenancyErrors.permissionDenied);

/**
 * A meter's conversions (one per channel, applied to the raw value) and calibrations (per channel
 * and time range, applied after the conversion). Every change rewrites the stored series values it
 * affects: the recomputation is enqueued in the change's transaction and runs in the background
 * (RecalculationService; its progress shows on the meter page). Every function
 * needs 'meter.admin' on the meter, except the lists, which need 'meter.view'.
 */
export class CalibrationsService {
  constructor(
    private readonly deps: {
      repository: CalibrationsRepository;
      /** Locks a meter for the duration of a transaction (shared with the recomputation). */
      recalculationRepository: RecalculationRepository;
      recalculation: RecalculationService;
      events: EventBus;
      now?: () => Date;
    },
  ) {}

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  async conversionsOfMeter(access: ViewerAccess, meterId: number): Promise<ConversionRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.deps.repository.conversionsOfMeter(meterId);
  }

  async calibrationsOfMeter(access: ViewerAccess, meterId: number): Promise<CalibrationRow[]> {
    await access.assertMeter('meter.view', meterId);
    return this.deps.repository.calibrationsOfMeter(meterId);
  }

  /**
   * Creates the channel's conversion, or replaces the one it has. A changed expression recomputes
   * the channel's whole stored history.
   */
  async createConversion(access: ViewerAccess, input: z.output<typeof createConversionInput>): Promise<ConversionRow> {
    await access.assertMeter('meter.admin', input.meterId);
    checkExpression(input.expression);
    const { conversion } = await this.changeMeter(access, 'conversion', input.meterId, async (tx) => {
      const previous = await this.deps.repository.conversionOfChannel(input.meterId, input.channel, tx);
      const conversion = await this.deps.repository.upsertConversion(tx, {
        meterId: input.meterId,
        channel: input.channel,
        name: input.name ?? input.channel,
        target: input.target,
        expression: input.expression,
      });
      const changed = previous?.expression !== conversion.expression;
      return { conversion, recompute: changed ? [this.wholeHistory(conversion)] : [] };
    });
    await this.afterChange(input.meterId);
    return conversion;
  }

  /** Deletes a conversion; the channel's whole stored history is recomputed without it. */
  async deleteConversion(access: ViewerAccess, id: number): Promise<boolean> {
    access.requireUser();
    const current = await this.deps.repository.findConversion(id);
    if (!current) throw denied();
    await access.assertMeter('meter.admin', current.meterId);
    await this.changeMeter(access, 'conversion', current.meterId, async (tx) => {
      await this.deps.repository.deleteConversion(tx, id);
      return { recompute: [this.wholeHistory(current)] };
    });
    await this.afterChange(current.meterId);
    return true;
  }

  /**
   * A new calibration of a channel from `startAt` (default now) to `endAt` (null: open), placed
   * among the channel's others by placeCalibration. Recomputes the values it changes when it
   * starts more than a minute in the past.
   */
  async createCalibration(
    access: ViewerAccess,
    input: z.output<typeof createCalibrationInput>,
  ): Promise<CalibrationRow> {
    await access.assertMeter('meter.admin', input.meterId);
    checkExpression(input.expression);
    const now = this.now();
    const wanted = { startAt: input.startAt ?? now, endAt: input.endAt ?? null };
    checkRange(wanted);
    const { calibration } = await this.changeMeter(access, 'calibration', input.meterId, async (tx) => {
      const others = await this.deps.repository.calibrationsOfChannel(tx, input.meterId, input.channel);
      const placed = placeCalibration(others, wanted);
      for (const other of placed.ended) await this.deps.repository.endCalibration(tx, other.id, wanted.startAt);
      const calibration = await this.deps.repository.insertCalibration(tx, {
        meterId: input.meterId,
        channel: input.channel,
        expression: input.expression,
        startAt: wanted.startAt,
        endAt: placed.endAt,
      });
      return { calibration, recompute: this.recomputeOf(calibration, [calibration, ...placed.ended], now) };
    });
    await this.afterChange(input.meterId);
    return calibration;
  }

  /**
   * Changes a calibration's expression or range (endAt null: open-ended), placed among the
   * channel's others as a new one would be. Recomputes the old and the new range together when
   * that span starts more than a minute in the past.
   */
  async updateCalibration(
    access: ViewerAccess,
    input: z.output<typeof updateCalibrationInput>,
  ): Promise<CalibrationRow> {
    access.requireUser();
    const current = await this.deps.repository.findCalibration(input.id);
    if (!current) throw denied();
    await access.assertMeter('meter.admin', current.meterId);
    if (input.expression !== undefined) checkExpression(input.expression);
    const now = this.now();
    const wanted = {
      startAt: input.startAt ?? current.startAt,
      endAt: input.endAt === undefined ? current.endAt : input.endAt,
    };
    checkRange(wanted);
    const { calibration } = await this.changeMeter(access, 'calibration', current.meterId, async (tx) => {
      const others = (await this.deps.repository.calibrationsOfChannel(tx, current.meterId, current.channel)).filter(
        (other) => other.id !== current.id,
      );
      const placed = placeCalibration(others, wanted);
      for (const other of placed.ended) await this.deps.repository.endCalibration(tx, other.id, wanted.startAt);
      const calibration = await this.deps.repository.updateCalibration(tx, current.id, {
        expression: input.expression ?? current.expression,
        startAt: wanted.startAt,
        endAt: placed.endAt,
      });
      return { calibration, recompute: this.recomputeOf(calibration, [current, calibration, ...placed.ended], now) };
    });
    await this.afterChange(current.meterId);
    return calibration;
  }

  /** Deletes a calibration; its range is recomputed without it when it started more than a minute ago. */
  async deleteCalibration(access: ViewerAccess, id: number): Promise<boolean> {
    access.requireUser();
    const current = await this.deps.repository.findCalibration(id);
    if (!current) throw denied();
    await access.assertMeter('meter.admin', current.meterId);
    const now = this.now();
    await this.changeMeter(access, 'calibration', current.meterId, async (tx) => {
      await this.deps.repository.deleteCalibration(tx, id);
      return { recompute: this.recomputeOf(current, [current], now) };
    });
    await this.afterChange(current.meterId);
    return true;
  }

  /**
   * What the expression would make of the channel's last readings (conversion first, as stored
   * values are made), without saving anything. An invalid expression gives its message on every
   * reading.
   */
  async testCalibration(
    access: ViewerAccess,
    input: z.output<typeof testCalibrationInput>,
  ): Promise<TestCalibrationResult[]> {
    await access.assertMeter('meter.admin', input.meterId);
    const readings = await this.deps.repository.recentReadings(
      input.meterId,
      input.channel,
      calibrationBounds.testReadings,
    );
    const conversionRow = await this.deps.repository.conversionOfChannel(input.meterId, input.channel);
    const compiled = (source: string): CompiledExpression | string => {
      try {
        return compileExpression(source);
      } catch (error) {
        if (error instanceof ExpressionError) return error.message;
        throw error;
      }
    };
    const conversion = conversionRow ? compiled(conversionRow.expression) : null;
    const calibration = compiled(input.expression);
    return readings.map((reading) => {
      const base = { time: reading.time, original: reading.value };
      const failed = (message: string) => ({ ...base, data: null, valid: false, message });
      if (typeof conversion === 'string') return failed(conversion);
      if (typeof calibration === 'string') return failed(calibration);
      try {
        const converted = conversion ? conversion.apply(reading.value) : reading.value;
        return { ...base, data: calibration.apply(converted), valid: true, message: null };
      } catch (error) {
        if (error instanceof ExpressionError) return failed(error.message);
        throw error;
      }
    });
  }

  private wholeHistory(conversion: Pick<ConversionRow, 'meterId' | 'channel'>): RecomputeRequest {
    return { meterId: conversion.meterId, channel: conversion.channel, from: null, to: null };
  }

  /** The span the changed ranges cover, when it starts more than a minute before `now`. */
  private recomputeOf(
    calibration: Pick<CalibrationRow, 'meterId' | 'channel'>,
    changed: Range[],
    now: Date,
  ): RecomputeRequest[] {
    const span = spanOf(changed);
    if (span.from.getTime() >= now.getTime() - recomputeThresholdMs) return [];
    return [{ meterId: calibration.meterId, channel: calibration.channel, ...span }];
  }

  /**
   * Runs a change of the meter's conversions or calibrations and enqueues its recomputation in
   * one transaction: a committed change always gets its recomputation, a failed one none.
   */
  private changeMeter<T extends { recompute: RecomputeRequest[] }>(
    access: ViewerAccess,
    reason: RecalculationReason,
    meterId: number,
    change: (tx: Transaction) => Promise<T>,
  ): Promise<Omit<T, 'recompute'>> {
    return this.deps.repository.transaction(async (tx) => {
      await this.deps.recalculationRepository.lockMeter(tx, meterId);
      const { recompute, ...rest } = await change(tx);
      if (recompute.length > 0) {
        await this.deps.recalculation.enqueue(tx, recompute, { reason, userId: access.user?.id ?? null });
      }
      return rest;
    });
  }

  private async afterChange(meterId: number): Promise<void> {
    this.deps.recalculation.queued();
    await this.deps.events.publish('meter.updated', { meterId });
  }
}

function checkRange(range: Range): void {
  if (range.endAt && range.endAt.getTime() <= range.startAt.getTime()) {
    const message = calibrationErrors.endNotAfterStart;
    throw new AppError('BAD_USER_INPUT', message, [{ path: 'endAt', message }]);
  }
}
