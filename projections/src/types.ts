import type pg from 'pg';
import type { RecordedEvent } from '@parliamo/ledger';
import type { ParliamoEvent } from '@parliamo/domain';

export type ProjectedEvent = RecordedEvent<ParliamoEvent['type'], any> & ParliamoEvent;

/**
 * One read model: its tables and how events change them. The runner calls `apply` with a batch of
 * events in commit order inside one transaction that also moves the checkpoint.
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
