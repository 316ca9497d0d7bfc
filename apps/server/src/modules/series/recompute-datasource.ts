import type { Transaction } from '../../db/sql.ts';

/** A recomputation of stored series values that a change needs. */
export interface RecomputeChange {
  meterId: number;
  /** Omitted: every channel of the meter. */
  channel?: string;
  from: Date | null;
  to: Date | null;
  /** Series to rewrite besides those the meter's datasources lead to (one that just lost its datasource). */
  seriesIds?: number[];
}

/**
 * Recomputes stored series values after a datasource change, in the background (the
 * recalculation module provides it): `enqueue` in the change's transaction, `queued` after its commit.
 */
export interface RecomputeDatasource {
  /** Without `tx`: in a transaction of its own. */
  enqueue(
    tx: Transaction | null,
    changes: RecomputeChange[],
    meta: { userId: string | null; reason?: 'datasource' | 'decode' },
  ): Promise<void>;
  queued(): void;
}
