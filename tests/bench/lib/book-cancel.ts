/**
 * Booking then cancelling as a closed loop: each connection books a free slot (POST /api/bookings)
 * and cancels it (DELETE /api/bookings/:id), then takes the next free slot. A slice ends only
 * after the pairs in flight finish. Connection N books as student N, so no booking keeps its slot or the student's hour.
 */
import http from 'node:http';
import { interleaved, type Contender, type Counts, type CpuProbe, type Figures } from './load.ts';

interface Slot {
  date: string;
  hour: number;
}

function request(agent: http.Agent, base: string, method: string, path: string, headers: Record<string, string>, body?: string) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(base + path, { method, agent, headers }, (res) => {
      let data = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => (data += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: data }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

export function bookCancelContender(o: { app: string; students: string[]; teacherId: string; slots: Slot[] }): Contender & { booked: number } {
  const free = [...o.slots];
  const contender = {
    name: 'POST /api/bookings then DELETE /api/bookings/:id',
    url: o.app,
    booked: 0,
    async run(ms: number, connections: number, latencies: number[]): Promise<Counts> {
      const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
      const counts = { requests: 0, non2xx: 0, errors: 0 };
      const until = performance.now() + ms;
      const timed = async (cookie: string, method: string, path: string, body?: string) => {
        const headers = { 'x-requested-with': 'parliamo', cookie };
        const t = performance.now();
        try {
          const h = body ? { ...headers, 'content-type': 'application/json' } : headers;
          const r = await request(agent, o.app, method, path, h, body);
          latencies.push(performance.now() - t);
          counts.requests++;
          if (r.status < 200 || r.status >= 300) counts.non2xx++;
          return r;
        } catch {
          counts.errors++;
          return undefined;
        }
      };
      await Promise.all(
        Array.from({ length: connections }, async (_, w) => {
          const cookie = o.students[w % o.students.length]!;
          while (performance.now() < until) {
            const slot = free.shift();
            if (!slot) throw new Error('no free slot left');
            const r = await timed(cookie, 'POST', '/api/bookings', JSON.stringify({ teacherId: o.teacherId, ...slot }));
            if (r?.status === 201) {
              contender.booked++;
              const { id } = JSON.parse(r.body) as { id: string };
              const c = await timed(cookie, 'DELETE', `/api/bookings/${id}`);
              if (c?.status !== 200) throw new Error(`cancel ${id}: ${c?.status} ${c?.body}`);
            }
            free.push(slot);
          }
        }),
      );
      agent.destroy();
      return counts;
    },
  };
  return contender;
}

/** Booking pairs interleaved with the hello-world baseline, 20 connections. */
export async function bookAndCancel(o: {
  app: string;
  students: string[];
  teacherId: string;
  slots: Slot[];
  hello: Contender;
  seconds: number;
  sliceMs: number;
  cpu?: CpuProbe;
}): Promise<{ figures: Figures[]; booked: number }> {
  const bc = bookCancelContender(o);
  const figures = await interleaved([o.hello, bc], { connections: 20, seconds: o.seconds, sliceMs: o.sliceMs, cpu: o.cpu });
  return { figures, booked: bc.booked };
}
