import pg from 'pg';

/**
 * Session advisory locks, one per projection, held on one dedicated connection: when the process
 * (or just that connection) dies, PostgreSQL releases them and another runner takes over.
 */
export class ProjectionLocks {
  private client: pg.Client | null = null;
  private connecting: Promise<pg.Client | null> | null = null;
  private readonly held = new Set<string>();

  constructor(
    private readonly config: pg.ClientConfig,
    /** Called when the connection drops: every lock is gone. */
    private readonly onLost: () => void,
  ) {}

  isHeld(name: string): boolean {
    return this.held.has(name);
  }

  /** Tries to take the locks not held yet; returns the names held afterwards. */
  async tryAcquire(names: string[]): Promise<Set<string>> {
    const client = await this.connection();
    if (!client) return this.held;
    const wanted = names.filter((n) => !this.held.has(n));
    if (wanted.length === 0) return this.held;
    try {
      const res = await client.query<{ name: string; ok: boolean }>(
        `SELECT n AS name, pg_try_advisory_lock(hashtextextended('projection:' || n, 0)) AS ok FROM unnest($1::text[]) n`,
        [wanted],
      );
      for (const r of res.rows) if (r.ok) this.held.add(r.name);
    } catch {
      /* the connection dropped: onLost resets everything */
    }
    return this.held;
  }

  async release(name: string): Promise<void> {
    if (!this.held.delete(name) || !this.client) return;
    await this.client
      .query(`SELECT pg_advisory_unlock(hashtextextended('projection:' || $1, 0))`, [name])
      .catch(() => {});
  }

  /** Ends the connection, which releases every lock. */
  async close(): Promise<void> {
    const c = this.client ?? (await this.connecting?.catch(() => null)) ?? null;
    this.client = null;
    this.held.clear();
    if (c) {
      c.removeAllListeners('end');
      c.removeAllListeners('error');
      c.on('error', () => {});
      await c.end().catch(() => {});
    }
  }

  private async connection(): Promise<pg.Client | null> {
    if (this.client) return this.client;
    this.connecting ??= (async () => {
      const client = new pg.Client(this.config);
      const lost = (): void => {
        if (this.client !== client) return;
        this.client = null;
        this.held.clear();
        client.end().catch(() => {});
        this.onLost();
      };
      client.on('error', lost);
      client.on('end', lost);
      try {
        await client.connect();
        await client.query(`SET application_name = 'parliamo-projection-locks'`);
      } catch {
        client.end().catch(() => {});
        return null;
      }
      this.client = client;
      return client;
    })().finally(() => {
      this.connecting = null;
    });
    return this.connecting;
  }
}
