/**
 * The signed-in read routes of `npm run bench:api` alone (no booking load, no write-to-read), for
 * profiling the read path: hello-world, the floors and the four reads, interleaved, with the
 * server's CPU per request. `--only <substring>` keeps hello-world and the reads whose name has it;
 * with `--profile` the server process's V8 CPU profile then covers (almost) only those routes
 * (summarise it with tests/bench/profile-summary.ts).
 *
 *   npx tsx tests/bench/read-path.ts [--seconds 4] [--slice-ms 2000] [--connections 50] [--only bookings] [--profile] [--no-baseline]
 */
import { parseArgs } from 'node:util';
import { addDays, romeToday } from '@parliamo/domain';
import { getContender, interleaved, loadAverage, readContenders, table, type CpuProbe } from './lib/load.ts';
import { call, ok, ownDatabase, signIn, startChild } from './lib/app-child.ts';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '4' },
    'slice-ms': { type: 'string', default: '2000' },
    connections: { type: 'string', default: '50' },
    only: { type: 'string' },
    profile: { type: 'boolean', default: false },
    /** Leave hello-world out (its requests would otherwise fill most of a profile). */
    'no-baseline': { type: 'boolean', default: false },
  },
});

const db = await ownDatabase();
const child = await startChild({ ...db.env, BENCH_STUDENTS: '0' }, { profile: args.profile });
try {
  const { app } = child;
  const student = await signIn(app, 'student@parliamo.test', 'studente-demo-1985');
  const teachers = await ok<{ id: string; firstName: string }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const today = romeToday(new Date());
  const cpu: CpuProbe = async () => (await fetch(child.hello + '/cpu')).json() as Promise<{ node: number; pg: number | null }>;
  const get = getContender;
  const availability60 = `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 59)}`;
  const [pg1, pg2, ...appReads] = readContenders({ hello: child.hello, app, cookie: student, availability60, teachers: false });
  const reads = [
    pg1!,
    pg2!,
    // The app's own fixed cost: no query (the session comes from the session cache).
    get('GET /api/health (public, no query)', app + '/api/health'),
    get('GET /api/auth/user (student, no query)', app + '/api/auth/user', { cookie: student }),
    ...appReads,
  ].filter((c) => !args.only || c.name.includes(args.only));
  console.log(`Load average at start (1/5/15 min): ${loadAverage()}`);
  const baseline = args['no-baseline'] ? [] : [get('hello-world (Fastify, same process)', child.hello)];
  const figures = await interleaved([...baseline, ...reads], {
    connections: Number(args.connections),
    seconds: Number(args.seconds),
    sliceMs: Number(args['slice-ms']),
    cpu,
  });
  console.log(`## Reads, ${args.connections} connections (load now ${loadAverage()})\n\n${table(figures, baseline.length ? figures[0] : undefined)}\n`);
} finally {
  await child.stop();
  await db.drop();
}
