/**
 * One request at a time, back to back and with a pause of 1, 5 and 20 ms before each: the hello-world,
 * the floor with one PostgreSQL round trip, and the student's GET /api/bookings. The write-to-read
 * figure of bench:api is such a request (after a write, not after a pause); this shows what a lone
 * request costs on this machine when the processes on its path were idle just before.
 *
 *   npx tsx tests/bench/paced-reads.ts
 */
import http from 'node:http';
import { ownDatabase, signIn, startChild } from './lib/app-child.ts';
const db = await ownDatabase();
const child = await startChild({ ...db.env, BENCH_STUDENTS: '1' });
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
const get = (url: string, cookie?: string) => new Promise<void>((resolve, reject) => {
  const req = http.request(url, { agent, headers: cookie ? { cookie, 'x-requested-with': 'parliamo' } : {} }, (res) => { res.resume(); res.on('end', () => resolve()); });
  req.on('error', reject); req.end();
});
try {
  const student = await signIn(child.app, 'student@parliamo.test', 'studente-demo-1985');
  const targets: [string, string, string?][] = [['hello', child.hello], ['floor pg1', child.hello + '/pg1'], ['GET /api/bookings', child.app + '/api/bookings', student]];
  for (const gap of [0, 1, 5, 20]) {
    for (const [name, url, cookie] of targets) {
      const t: number[] = [];
      for (let i = 0; i < 300; i++) {
        if (gap) await new Promise((r) => setTimeout(r, gap));
        const s = performance.now(); await get(url, cookie); t.push(performance.now() - s);
      }
      t.sort((a, b) => a - b);
      console.log(`gap ${gap} ms, ${name}: p50 ${t[150]!.toFixed(2)} p99 ${t[297]!.toFixed(2)} ms`);
    }
  }
} finally { agent.destroy(); await child.stop(); await db.drop(); }
