/**
 * `node scripts/restore.mjs FILE.dump`: restores a backup made by scripts/backup.sh into the empty
 * database DATABASE_URL names, then rebuilds every read model from the restored ledger.
 */
import { createEventStore } from '@parliamo/ledger';
import { ProjectionRunner, readModels } from '@parliamo/projections';
import { loadConfig } from '../config.ts';
import { createPool } from '../platform/db/pool.ts';
import { allMigrations } from '../migrations.ts';
import { restoreBackup } from './restore.ts';

export async function runRestoreCli(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const dumpFile = args[0];
  if (!dumpFile || !env.DATABASE_URL) {
    console.error('usage: DATABASE_URL=postgres://.../empty_database [PG_BIN=/path/to/bin] node scripts/restore.mjs FILE.dump');
    return 2;
  }
  const config = loadConfig(env);
  const pool = createPool(env.DATABASE_URL, 4);
  try {
    const counts = await restoreBackup({
      pool,
      databaseUrl: env.DATABASE_URL,
      dumpFile,
      migrations: allMigrations,
      pgBin: env.PG_BIN || undefined,
      log: (line) => console.log(`restore: ${line}`),
      async rebuild(p) {
        const store = createEventStore({ ledgerUrl: config.ledgerUrl, pool: p });
        const runner = new ProjectionRunner(p, store, readModels, {
          onError: (e, projection) => console.error(`restore: projection ${projection ?? ''} failed:`, e),
        });
        try {
          await runner.catchUp();
          const behind = (await runner.lag()).filter((l) => !l.caughtUp);
          if (behind.length) throw new Error(`read models not rebuilt: ${behind.map((l) => l.name).join(', ')}`);
        } finally {
          await runner.stop();
          await store.close();
        }
      },
    });
    console.log(`restore: done, ${counts.events} events and ${counts.users} users; start Parliamo on this database.`);
    return 0;
  } catch (e) {
    console.error(`restore failed: ${(e as Error).message}`);
    return 1;
  } finally {
    await pool.end();
  }
}
