import pg from 'pg';
import { installTypeParsers } from '@parliamo/ledger';

installTypeParsers();

/** Statement texts given a name so far (process-wide): text -> name. */
const statementNames = new Map<string, string>();
/** At most this many distinct texts are prepared; later ones run unnamed (dynamic SQL cannot grow a backend's memory without bound). */
const MAX_PREPARED_TEXTS = 500;
const MAX_PREPARED_LENGTH = 20_000;

function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined && statementNames.size < MAX_PREPARED_TEXTS && text.length <= MAX_PREPARED_LENGTH) {
    name = `parliamo_${statementNames.size}`;
    statementNames.set(text, name);
  }
  return name;
}

/**
 * A client that prepares every query with parameters once per connection and then only binds and
 * executes it: PostgreSQL parses and plans a statement on each unnamed use, which costs more than
 * running most of ours (measured: 1.09 ms against 0.26 ms for the public teacher list). Queries
 * without parameters keep the simple protocol (BEGIN, COMMIT, SET, several statements at once).
 * PostgreSQL re-plans a prepared statement by itself when a table it reads changes (migrations, a
 * projection rebuild's table swap).
 */
class PreparingClient extends pg.Client {
  override query(config: any, values?: any, callback?: any): any {
    let named: any;
    if (typeof config === 'string' && Array.isArray(values) && values.length > 0) {
      const name = statementName(config);
      if (name) named = { name, text: config, values };
    } else if (
      config !== null && typeof config === 'object' && typeof config.submit !== 'function' && config.name === undefined &&
      typeof config.text === 'string' && typeof values !== 'function' && Array.isArray(values ?? config.values) &&
      (values ?? config.values).length > 0
    ) {
      const name = statementName(config.text);
      if (name) named = { ...config, name, values: values ?? config.values };
    }
    if (!named) return super.query(config, values, callback);
    const done = typeof values === 'function' ? values : callback;
    // The unnamed retry is only built when a plan went stale (not for every query).
    const unnamed = () => ({ ...named, name: undefined });
    if (typeof done === 'function') {
      return super.query(named, (err: Error | null, res: unknown) => {
        if (!isStalePlan(err)) return done(err, res);
        this.forget(named.name);
        super.query(unnamed(), done);
      });
    }
    const result = super.query(named) as Promise<unknown>;
    return result.catch((err: unknown) => {
      if (!isStalePlan(err)) throw err;
      this.forget(named.name);
      return super.query(unnamed());
    });
  }

  /** Drops a statement whose result columns changed (a table's columns changed under it): it is prepared again next time. */
  private forget(name: string): void {
    const connection = (this as unknown as { connection: { parsedStatements: Record<string, string> } }).connection;
    delete connection.parsedStatements[name];
    super.query(`DEALLOCATE "${name}"`).catch(() => {});
  }
}

/** PostgreSQL re-plans prepared statements by itself, except when their result columns change (SELECT * on a changed table). */
function isStalePlan(err: unknown): boolean {
  return (err as { code?: string } | null)?.code === '0A000' && /cached plan must not change result type/.test(String((err as Error).message));
}

/**
 * A pg pool with our type parsers, whose clients prepare parameterised statements (see PreparingClient).
 * JIT is off for its sessions: PostgreSQL compiles a query whose estimated cost passes jit_above_cost on
 * every execution, which cost a busy teacher's student list 131-164 ms where the query itself needs
 * 2 ms; ours are short OLTP queries.
 */
export function createPool(url: string, max = 20, opts: { connectionTimeoutMillis?: number } = {}): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url, max, idleTimeoutMillis: 30_000, Client: PreparingClient, options: '-c jit=off',
    ...(opts.connectionTimeoutMillis ? { connectionTimeoutMillis: opts.connectionTimeoutMillis } : {}),
  });
  pool.on('error', () => {
    /* a broken idle client is dropped by pg; queries report their own errors */
  });
  return pool;
}
