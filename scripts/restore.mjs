// Restores a backup made by scripts/backup.sh into an empty database, then rebuilds the read models.
//   createdb parliamo_restored
//   DATABASE_URL=postgres://.../parliamo_restored node scripts/restore.mjs parliamo.dump
// PG_BIN=/usr/lib/postgresql/17/bin picks the pg_restore to use. See docs/operations.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { register } = await import('tsx/esm/api');
register();
const { runRestoreCli } = await import(path.join(root, 'api', 'src', 'ops', 'restore-cli.ts'));
process.exitCode = await runRestoreCli(process.argv.slice(2));
