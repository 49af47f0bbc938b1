import type pg from 'pg';
import { comparePositions, type Position } from '@parliamo/ledger';

/** A projection's stored checkpoint. `position` null: nothing processed yet. */
export interface Checkpoint {
  name: string;
  version: number;
  position: Position | null;
}

type Queryable = Pick<pg.ClientBase, 'query'>;

interface Row {
  name: string;
  version: number;
  commit_position: string;
  prepare_position: string;
}

const ZERO: Position = { commit: 0n, prepare: 0n };

function toCheckpoint(r: Row): Checkpoint {
  const position = { commit: BigInt(r.commit_position), prepare: BigInt(r.prepare_position) };
  return { name: r.name, version: r.version, position: comparePositions(position, ZERO) === 0 ? null : position };
}

const COLUMNS = 'name, version, commit_position::text AS commit_position, prepare_position::text AS prepare_position';

/** Stored checkpoints of the named projections (absent: never started). */
export async function readCheckpoints(db: Queryable, names: string[]): Promise<Map<string, Checkpoint>> {
  const res = await db.query<Row>(`SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = ANY ($1)`, [names]);
  return new Map(res.rows.map((r) => [r.name, toCheckpoint(r)]));
}

/** Locks the checkpoint rows of `names` (in name order, so two lockers never deadlock) and returns them. */
export async function lockCheckpoints(db: Queryable, names: string[]): Promise<Map<string, Checkpoint>> {
  const res = await db.query<Row>(
    `SELECT ${COLUMNS} FROM projection_checkpoints WHERE name = ANY ($1) ORDER BY name COLLATE "C" FOR UPDATE`,
    [names],
  );
  return new Map(res.rows.map((r) => [r.name, toCheckpoint(r)]));
}

/** Writes several checkpoints with one statement. */
export async function writeCheckpoints(db: Queryable, checkpoints: Checkpoint[]): Promise<void> {
  if (!checkpoints.length) return;
  const p = checkpoints.map((c) => c.position ?? ZERO);
  await db.query(
    `INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position)
     SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[])
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, commit_position = EXCLUDED.commit_position,
       prepare_position = EXCLUDED.prepare_position, updated_at = now()`,
    [checkpoints.map((c) => c.name), checkpoints.map((c) => c.version), p.map((x) => String(x.commit)), p.map((x) => String(x.prepare))],
  );
}

export async function writeCheckpoint(db: Queryable, c: Checkpoint): Promise<void> {
  const p = c.position ?? ZERO;
  await db.query(
    `INSERT INTO projection_checkpoints (name, version, commit_position, prepare_position) VALUES ($1, $2, $3, $4)
     ON CONFLICT (name) DO UPDATE SET version = EXCLUDED.version, commit_position = EXCLUDED.commit_position,
       prepare_position = EXCLUDED.prepare_position, updated_at = now()`,
    [c.name, c.version, String(p.commit), String(p.prepare)],
  );
}

export function samePosition(a: Position | null, b: Position | null): boolean {
  return comparePositions(a ?? ZERO, b ?? ZERO) === 0;
}

/** True when `checkpoint` is at or past `target`. */
export function reached(checkpoint: Position | null, target: Position): boolean {
  return comparePositions(checkpoint ?? ZERO, target) >= 0;
}
