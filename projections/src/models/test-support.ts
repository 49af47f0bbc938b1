// Applies events to several read models at once, each event on the stream its ids name (the ledger
// entries model reads streams and revisions); tables come from createProjectionTables (../testing.ts).
import crypto from 'node:crypto';
import type pg from 'pg';
import { streams, type ParliamoEvent } from '@parliamo/domain';
import type { Projection, ProjectedEvent } from '../types.ts';

let position = 0n;
const revisions = new Map<string, number>();

/** The stream an event belongs to, by its type and ids. */
export function streamOf(e: ParliamoEvent): string {
  const d = e.data as Record<string, any>;
  if ('packageId' in d && !('lessonId' in d && e.type.startsWith('Lesson'))) return streams.package(d.packageId);
  if (e.type.startsWith('Lesson')) return streams.lesson(d.lessonId);
  if (e.type === 'SlotTaken' || e.type === 'SlotReleased') {
    return d.owner === 'teacher' ? streams.teacherSlot(d.ownerId, d.date, d.hour) : streams.studentSlot(d.ownerId, d.date, d.hour);
  }
  return streams.payment(d.paymentId);
}

/** Wraps plain events as recorded ones (fresh ids, increasing positions). */
export function recorded(events: ParliamoEvent[]): ProjectedEvent[] {
  return events.map((e) => {
    position += 1n;
    const stream = streamOf(e);
    const revision = (revisions.get(stream) ?? -1) + 1;
    revisions.set(stream, revision);
    return {
      ...e,
      id: crypto.randomUUID(),
      stream,
      revision,
      metadata: {},
      recordedAt: new Date(),
      position: { commit: position, prepare: position },
    } as ProjectedEvent;
  });
}

const identity = (p: Projection) => Object.fromEntries(p.tables.map((t) => [t, t]));

/** Applies events to every projection in one transaction, as the runner does with a batch. */
export async function applyEvents(pool: pg.Pool, projections: Projection[], events: ParliamoEvent[]) {
  const batch = recorded(events);
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    for (const p of projections) await p.apply(client, batch, identity(p));
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  return batch;
}

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
export function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Applies events in batches of 1 to 40 (sizes drawn from `seed`), as the runner meets them live. */
export async function applyInRandomBatches(pool: pg.Pool, projections: Projection[], events: ParliamoEvent[], seed: number) {
  const rnd = random(seed);
  for (let i = 0; i < events.length; ) {
    const n = 1 + Math.floor(rnd() * 40);
    await applyEvents(pool, projections, events.slice(i, i + n));
    i += n;
  }
}
