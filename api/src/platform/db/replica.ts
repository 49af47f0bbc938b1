import type pg from 'pg';

/** A WAL position (`pg_lsn`, e.g. `16/B374D848`) as a byte offset, so that positions compare as numbers. */
export function parseLsn(text: string): bigint {
  const m = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!m) throw new Error(`Not a WAL position: "${text}"`);
  return (BigInt(`0x${m[1]}`) << 32n) | BigInt(`0x${m[2]}`);
}

/** The `pg_lsn` text of a byte offset (parseLsn's inverse). */
export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

/** The name of a replica in /metrics and the log: host, port and database, never the credentials. */
export function replicaLabel(url: string): string {
  const u = new URL(url);
  const host = u.searchParams.get('host') ?? u.hostname;
  return `${host}:${u.port || '5432'}${u.pathname}`;
}

/**
 * The primary's WAL position at the last health checks (newest last). A replica's lag is how long ago
 * the primary first had WAL the replica has still not replayed: a time the operator can set a limit in,
 * measured with this process's clock (never the two servers' clocks), to within one check interval.
 */
export class PrimaryPositions {
  private readonly samples: { at: number; lsn: bigint }[] = [];
  constructor(private readonly keep = 600) {}

  add(at: number, lsn: bigint): void {
    this.samples.push({ at, lsn });
    if (this.samples.length > this.keep) this.samples.shift();
  }

  /** The newest position seen, or null before the first check. */
  latest(): bigint | null {
    return this.samples.at(-1)?.lsn ?? null;
  }

  /** Milliseconds since the oldest sample the replica has not replayed (0 when it has replayed them all). */
  lagMs(replayed: bigint, now: number): number {
    const first = this.samples.find((s) => s.lsn > replayed);
    return first ? now - first.at : 0;
  }
}

interface Waiter {
  lsn: bigint;
  done(reached: boolean): void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection error (server down, refused, reset, shutting down): the replica leaves the rotation at once. */
export function isConnectionError(e: unknown): boolean {
  const code = (e as { code?: string } | null)?.code;
  if (typeof code !== 'string') return true; // no SQLSTATE: the error did not come from the server
  return code.startsWith('08') || code.startsWith('57P') || /^E[A-Z]+$/.test(code);
}

/**
 * One streaming replica: its pool, whether reads may go to it, and the WAL position it is known to
 * have replayed. Reads that need a newer position wait on one shared poll of `pg_last_wal_replay_lsn()`
 * (every `pollMs` while anyone waits), not one poll each.
 */
export class Replica {
  /** The highest WAL position this replica was seen to have replayed. */
  replayed = 0n;
  /** Reads may go here: it answered the last check as a standby within the lag limit. */
  inRotation = false;
  lagMs = 0;
  lagBytes = 0n;
  /** Checks failed in a row (the next one waits longer each time). */
  failures = 0;
  /** When the next health check is due (ms, this process's clock). */
  nextCheckAt = 0;
  private readonly waiters = new Set<Waiter>();
  private polling = false;

  constructor(
    readonly label: string,
    readonly pool: pg.Pool,
    private readonly pollMs = 2,
  ) {}

  /** True once this replica has replayed `lsn`; false when it has not within `ms`, or cannot say. */
  reach(lsn: bigint, ms: number): Promise<boolean> {
    if (this.replayed >= lsn) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter: Waiter = {
        lsn,
        done: (reached) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(reached);
        },
      };
      const timer = setTimeout(() => waiter.done(false), ms);
      this.waiters.add(waiter);
      if (!this.polling) void this.poll();
    });
  }

  private async poll(): Promise<void> {
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        const { rows } = await this.pool.query<{ lsn: string | null }>(`SELECT pg_last_wal_replay_lsn()::text AS lsn`);
        if (rows[0]?.lsn) this.sawReplayed(parseLsn(rows[0].lsn));
        for (const w of this.waiters) if (w.lsn <= this.replayed) w.done(true);
        if (this.waiters.size > 0) await sleep(this.pollMs);
      }
    } catch (e) {
      for (const w of this.waiters) w.done(false);
      if (isConnectionError(e)) this.failed();
    } finally {
      this.polling = false;
    }
  }

  private sawReplayed(lsn: bigint): void {
    if (lsn > this.replayed) this.replayed = lsn;
  }

  /**
   * One health check: a standby within `maxLagMs` of the primary (by `positions`) is in the rotation;
   * anything else (down, lagging, promoted to a primary of its own) is out until a later check.
   * Returns why it is out, or null.
   */
  async check(positions: PrimaryPositions, now: number, opts: { maxLagMs: number; everyMs: number }): Promise<string | null> {
    try {
      const { rows } = await this.pool.query<{ standby: boolean; lsn: string | null }>(
        `SELECT pg_is_in_recovery() AS standby, pg_last_wal_replay_lsn()::text AS lsn`,
      );
      const row = rows[0];
      this.failures = 0;
      this.nextCheckAt = now + opts.everyMs;
      if (!row?.standby || !row.lsn) {
        this.inRotation = false;
        return 'not a standby (promoted, or not a replica of DATABASE_URL)';
      }
      this.sawReplayed(parseLsn(row.lsn));
      const latest = positions.latest();
      this.lagBytes = latest !== null && latest > this.replayed ? latest - this.replayed : 0n;
      this.lagMs = positions.lagMs(this.replayed, now);
      this.inRotation = this.lagMs <= opts.maxLagMs;
      return this.inRotation ? null : `${this.lagMs} ms behind the primary`;
    } catch (e) {
      this.failed(now, opts.everyMs);
      return `unreachable: ${(e as Error).message}`;
    }
  }

  /** Out of the rotation; checked again after a pause that doubles with each failure in a row (up to 30 s). */
  failed(now = Date.now(), everyMs = 1_000): void {
    this.inRotation = false;
    this.failures++;
    this.nextCheckAt = now + Math.min(30_000, everyMs * 2 ** Math.min(this.failures, 10));
  }
}
