import type pg from 'pg';
import { ReconnectingClient } from '@parliamo/ledger';

/**
 * Session advisory locks, one per projection, held on one dedicated connection: when the process
 * (or just that connection) dies, PostgreSQL releases them and another runner takes over.
 */
export class ProjectionLocks {
  private readonly connection: ReconnectingClient;
  private readonly held = new Set<string>();

  constructor(
    config: pg.ClientConfig,
    /** Called when the connection drops: every lock is gone. */
    onLost: () => void,
  ) {
    this.connection = new ReconnectingClient(config, { name: 'parliamo-projection-locks' });
    this.connection.watch({
      down: () => {
        this.held.clear();
        onLost();
      },
    });
  }

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  /** Tries to take the locks not held yet; returns the names held afterwards. */
  async tryAcquire(names: string[]): Promise<Set<string>> {
    await this.connection.start();
    const wanted = names.filter((n) => !this.held.has(n));
    if (wanted.length === 0) return this.held;
    const res = await this.connection
      .query<{ name: string; ok: boolean }>(
        `SELECT n AS name, pg_try_advisory_lock(hashtextextended('projection:' || n, 0)) AS ok FROM unnest($1::text[]) n`,
        [wanted],
      )
      .catch(() => null);
    for (const r of res?.rows ?? []) if (r.ok) this.held.add(r.name);
    return this.held;
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name)) return;
    await this.connection.query(`SELECT pg_advisory_unlock(hashtextextended('projection:' || $1, 0))`, [name]).catch(() => {});
  }

  /** Ends the connection, which releases every lock. */
  async close(): Promise<void> {
    this.held.clear();
    await this.connection.close();
  }
}
