// A steady write load over HTTP (bookings and cancellations by many students) that remembers every
// write the server acknowledged with a 2xx, for the crash and scale-out suites to check afterwards.
import type pg from 'pg';
import { Client, sleep } from './harness.ts';

export interface LoadStudent {
  id: string;
  /** One client per server (same session cookie); each request goes to one of them at random. */
  clients: Client[];
}

export interface WriteLoad {
  /** Lesson ids whose booking got 201, with the student's id. */
  booked: Map<string, string>;
  /** Lesson ids whose cancellation got 200. */
  cancelled: Set<string>;
  stats: { requests: number; ok: number; refused: number; failed: number; unexpected: string[] };
  /** Resolves once the server has answered `n` more writes (a 2xx or a refusal) than when called. */
  answered(n: number): Promise<void>;
  stop(): Promise<void>;
}

/** The same person's session on another server. */
export function sameSession(client: Client, server: { url: string }): Client {
  const c = new Client(() => server.url);
  for (const [k, v] of client.cookies) c.cookies.set(k, v);
  return c;
}

/**
 * Each student books a random slot of `teacherId`, or cancels one of their acknowledged lessons,
 * in a loop until stop(). Network errors (a killed server) count as failed: their outcome is
 * unknown, which is allowed; a 2xx is a promise the suites check.
 */
export function startWriteLoad(students: LoadStudent[], teacherId: string, slots: { date: string; hour: number }[]): WriteLoad {
  const booked = new Map<string, string>();
  const cancelled = new Set<string>();
  const stats = { requests: 0, ok: 0, refused: 0, failed: 0, unexpected: [] as string[] };
  let running = true;
  let answers = 0;
  const waiting: { target: number; resolve: () => void }[] = [];
  const answer = () => {
    answers++;
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (answers >= waiting[i]!.target) waiting.splice(i, 1)[0]!.resolve();
    }
  };
  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;
  const worker = async (s: LoadStudent) => {
    const mine: string[] = [];
    while (running) {
      const client = pick(s.clients);
      stats.requests++;
      try {
        if (mine.length && Math.random() < 0.35) {
          const id = mine.splice(Math.floor(Math.random() * mine.length), 1)[0]!;
          const res = await client.delete(`/api/bookings/${id}`);
          if (res.status === 200) {
            cancelled.add(id);
            stats.ok++;
            answer();
          } else if (res.status === 409 || res.status === 404) {
            stats.refused++;
            answer();
          }
          else if (res.status >= 500 || res.status === 0) stats.failed++;
          else stats.unexpected.push(`cancel ${res.status} ${res.text.slice(0, 100)}`);
        } else {
          const res = await client.post('/api/bookings', { teacherId, ...pick(slots) });
          if (res.status === 201) {
            booked.set(res.json.id, s.id);
            mine.push(res.json.id);
            stats.ok++;
            answer();
          } else if (res.status === 409) {
            stats.refused++;
            answer();
          }
          else if (res.status >= 500) stats.failed++;
          else stats.unexpected.push(`book ${res.status} ${res.text.slice(0, 100)}`);
        }
      } catch {
        stats.failed++;
        await sleep(200);
      }
    }
  };
  const workers = students.map(worker);
  return {
    booked,
    cancelled,
    stats,
    answered(n) {
      return new Promise((resolve) => waiting.push({ target: answers + n, resolve }));
    },
    async stop() {
      running = false;
      await Promise.all(workers);
    },
  };
}

/** Acknowledged writes missing from the ledger (none expected). */
export async function missingFromLedger(pool: pg.Pool, load: WriteLoad): Promise<string[]> {
  const { rows } = await pool.query<{ type: string; id: string }>(
    `SELECT type, data->>'lessonId' AS id FROM events WHERE type IN ('LessonBooked', 'LessonCancelled')`,
  );
  const bookedIds = new Set(rows.filter((r) => r.type === 'LessonBooked').map((r) => r.id));
  const cancelledIds = new Set(rows.filter((r) => r.type === 'LessonCancelled').map((r) => r.id));
  return [
    ...[...load.booked.keys()].filter((id) => !bookedIds.has(id)).map((id) => `booking ${id}`),
    ...[...load.cancelled].filter((id) => !cancelledIds.has(id)).map((id) => `cancellation ${id}`),
  ];
}

/** Acknowledged writes the student does not see in GET /api/bookings (none expected: invariant 8). */
export async function missingFromReads(students: LoadStudent[], load: WriteLoad): Promise<string[]> {
  const missing: string[] = [];
  for (const s of students) {
    const res = await s.clients[0]!.get('/api/bookings');
    if (res.status !== 200) {
      missing.push(`GET /api/bookings ${res.status}`);
      continue;
    }
    const status = new Map<string, string>(res.json.map((b: { id: string; status: string }) => [b.id, b.status]));
    for (const [id, owner] of load.booked) {
      if (owner !== s.id) continue;
      if (!status.has(id)) missing.push(`booking ${id} not listed`);
      else if (load.cancelled.has(id) && status.get(id) !== 'cancelled') missing.push(`booking ${id} shows ${status.get(id)} after its cancellation was acknowledged`);
    }
  }
  return missing;
}
