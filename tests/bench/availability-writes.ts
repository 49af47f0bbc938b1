/**
 * The 60-day availability (GET /api/availabilities) at 50 connections while bookings and their cancels run beside
 * it at 0, 1, 10 and 50 pairs a second (one connection, paced; it reaches what the machine allows).
 * Each write empties the kept answers, so this shows what the hit rate is worth under writes. The
 * hello-world is measured under the same writes.
 *
 *   npx tsx tests/bench/availability-writes.ts
 */
import autocannon from 'autocannon';
import { addDays, romeToday } from '@parliamo/domain';
import { benchBookers, call, ok, ownDatabase, startChild } from './lib/app-child.ts';
const run = (url: string) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    autocannon({ url, connections: 50, duration: 4 }, (err, result) => (err ? reject(err) : resolve(result)));
  });
const db = await ownDatabase();
const child = await startChild({ ...db.env, BENCH_STUDENTS: '4' });
try {
  const app = child.app;
  const teachers = await ok<{ id: string; firstName: string; hourlyRate: number }[]>(await call(app, 'GET', '/api/teachers'), 'teachers');
  const giulia = teachers.find((t) => t.firstName === 'Giulia')!;
  const bookers = await benchBookers(app, 4, giulia, true);
  const today = romeToday(new Date());
  const url = `${app}/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 59)}`;
  const slots = await ok<{ date: string; hour: number }[]>(await call(app, 'GET', `/api/availabilities?teacherId=${giulia.id}&from=${today}&to=${addDays(today, 61)}`), 'slots');
  for (const perSecond of [0, 1, 10, 50]) {
    let stop = false; let pairs = 0;
    const writer = (async () => {
      let i = 0;
      while (!stop && perSecond > 0) {
        const t0 = performance.now();
        const slot = slots[i % slots.length]!; const cookie = bookers[i % bookers.length]!; i++;
        const r = await call(app, 'POST', '/api/bookings', cookie, { teacherId: giulia.id, ...slot });
        if (r.status === 201) { const { id } = await r.json() as { id: string }; await call(app, 'DELETE', `/api/bookings/${id}`, cookie); pairs++; } else await r.text();
        const wait = 1000 / perSecond - (performance.now() - t0);
        if (wait > 0) await new Promise((res) => setTimeout(res, wait));
      }
    })();
    const h = await run(child.hello);
    const r = await run(url);
    stop = true; await writer;
    console.log(`${perSecond} bookings+cancels/s (${pairs} pairs): availability ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${Math.round(100 * r.requests.average / h.requests.average)} % of hello-world (${Math.round(h.requests.average)}), non-2xx ${r.non2xx}`);
  }
} finally { await child.stop(); await db.drop(); }
