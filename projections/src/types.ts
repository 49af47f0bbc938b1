import type pg from 'pg';
import type { RecordedEvent } from '@parliamo/ledger';
import type { ParliamoEvent } from '@parliamo/domain';

export type ProjectedEvent = RecordedEvent<ParliamoEvent['type'], any> & ParliamoEvent;

/**
 * One read model: its tables and how events change them. The runner calls `apply` with a batch of
 * events in commit order inside one transaction that also moves the checkpoint.
 *
 * Rules the runner relies on (projections/src/runner.ts, rebuild.ts):
 * - Always use the physical names passed in (`tables[logical]`), quoted: a rebuild creates the same
 *   tables under fresh names, fills them, then renames them to the logical names in one transaction.
 * - Leave index and constraint names to PostgreSQL (`CREATE INDEX ON "t" (col)`) or derive them from
 *   the physical table name, so the fresh tables never clash with the live ones.
 * - Be deterministic: the same events give the same rows (no serial ids, no now(), take instants from
 *   event data or `recordedAt`), so a rebuild equals the live model (invariant 7,
 *   compareLiveWithRebuild in projections/src/testing.ts).
 * - Write a batch with few statements (fold the batch in memory, then multi-row INSERT/UPDATE via
 *   unnest): a rebuild applies 5000 events per call.
 * - Ignore event types you do not handle. Live tables are named exactly as `tables` lists them.
 */
export interface Projection {
  /** Unique name; also the prefix of its checkpoint row. */
  name: string;
  /** Bump when the SQL or the handlers change: the runner rebuilds the model from zero. */
  version: number;
  /** The tables this projection owns (rebuild creates them under a fresh name, then swaps). */
  tables: string[];
  /** CREATE TABLE / INDEX statements for its tables, using the given name for each table. */
  createSql(tableNames: Record<string, string>): string;
  /** Applies events (in commit order) to its tables. `tables` maps logical to physical names. */
  apply(client: pg.PoolClient, events: ProjectedEvent[], tables: Record<string, string>): Promise<void>;
}
