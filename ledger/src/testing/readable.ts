import type pg from 'pg';
import type { Position } from '../types.ts';

/**
 * Waits until the append at `position` is readable: its transaction below the cluster's snapshot
 * xmin, the line readers stop at. On a shared PostgreSQL server another database's open transaction
 * (a CREATE DATABASE, another test file) can hold it back for seconds, so a test that reads right
 * after appending waits here first.
 */
export async function untilReadable(pool: pg.Pool, position: Position, timeoutMs = 20_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; Date.now() < deadline; ) {
    const { rows } = await pool.query<{ ok: boolean }>(
      `SELECT $1::text::xid8 < pg_snapshot_xmin(pg_current_snapshot()) AS ok`,
      [String(position.commit)],
    );
    if (rows[0]!.ok) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`The append at ${position.commit}:${position.prepare} was not readable within ${timeoutMs} ms`);
}
