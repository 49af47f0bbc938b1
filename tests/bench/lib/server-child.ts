/**
 * The benchmark's server process: the real Parliamo server (startServer, as `npm start` runs it, with
 * the demo data seeded) and, in the same process, a minimal Fastify hello-world server as the
 * baseline. Both listen on free 127.0.0.1 ports; the ports go to stdout as one JSON line. The load
 * generator runs in the parent process so that it does not compete with the servers' event loop.
 *
 * Env: BENCH_DATA_DIR (embedded PostgreSQL there) or DATABASE_URL (a database of its own, made by the
 * parent). SIGTERM stops both servers.
 */
import Fastify from 'fastify';
import { loadConfig } from '../../../api/src/config.ts';
import { freePort } from '../../../api/src/db/embedded.ts';
import { startServer } from '../../../api/src/server.ts';

const appPort = await freePort();
const config = {
  ...loadConfig({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(appPort),
    DATA_DIR: process.env.BENCH_DATA_DIR,
    SEED_DEMO: 'true',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    SESSION_KEY: 'b'.repeat(64),
  }),
  webDist: undefined,
};
const server = await startServer(config);

const hello = Fastify({ logger: false });
hello.get('/', async () => ({ hello: 'world' }));
const helloPort = await freePort();
await hello.listen({ port: helloPort, host: '127.0.0.1' });

process.stdout.write(JSON.stringify({ app: `http://127.0.0.1:${appPort}`, hello: `http://127.0.0.1:${helloPort}` }) + '\n');

process.on('SIGTERM', () => {
  void (async () => {
    await hello.close();
    await server.close();
    process.exit(0);
  })();
});
