// Slow clients over real sockets: bodies that never finish, headers that never end, bodies sent a
// byte at a time, and more sockets than the server takes. Each is closed by the server's bounds
// (HTTP_* settings) while a real person signs in; afterwards the server answers as before.
// Loopback only, bounded in count (size below) and in time (the server's timeouts, a few seconds).
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../api/src/testing/db.ts';
import { createPerson, rawRequest, signIn, size, startServer, type ServerProcess } from './harness.ts';

const SLOW = size(60, 600);
const HEADROOM = 20;
const CAP = SLOW + HEADROOM;
const EXTRA = size(20, 200);

let db: TestDatabase;
let server: ServerProcess;
beforeAll(async () => {
  db = await createTestDatabase();
  server = await startServer({
    databaseUrl: db.url,
    name: 'slow-clients',
    env: {
      HTTP_REQUEST_TIMEOUT_MS: '4000',
      HTTP_HEADERS_TIMEOUT_MS: '2000',
      HTTP_IDLE_TIMEOUT_MS: '5000',
      HTTP_MAX_CONNECTIONS: String(CAP),
      ADDRESS_LIMITS_FACTOR: '10',
    },
  });
}, 120_000);
afterAll(async () => {
  await server?.stop();
  await db?.drop();
});

type Kind = 'unfinished body' | 'unfinished headers' | 'body a byte at a time';

/** A raw socket to the server playing one kind of slow client until the server closes it. */
function slowClient(port: number, kind: Kind) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  let drip: NodeJS.Timeout | undefined;
  socket.on('data', (c) => (received += c.toString('latin1')));
  socket.on('error', () => {}); // a reset is one way of being closed
  const started = new Promise<void>((resolve) =>
    socket.once('connect', () => {
      const head = 'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: parliamo\r\nContent-Length: 4000\r\n';
      if (kind === 'unfinished headers') socket.write(head);
      else socket.write(`${head}\r\n{"email":"`);
      if (kind === 'body a byte at a time') drip = setInterval(() => socket.write('a'), 300);
      resolve();
    }),
  );
  const closed = new Promise<void>((resolve) => socket.once('close', () => (clearInterval(drip), resolve())));
  return { kind, started, closed, received: () => received, destroy: () => socket.destroy() };
}

describe('slow clients', () => {
  it(`${SLOW} slow sockets are each closed by the server (408) while a person signs in and /api/health answers`, async () => {
    const kinds: Kind[] = ['unfinished body', 'unfinished headers', 'body a byte at a time'];
    const slow = Array.from({ length: SLOW }, (_, i) => slowClient(server.port, kinds[i % 3]!));
    try {
      await Promise.all(slow.map((s) => s.started));
      expect((await rawRequest(server.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
      const person = await createPerson(db.pool);
      expect((await (await signIn(server, person)).get('/api/auth/user')).status).toBe(200);
      const started = Date.now();
      await Promise.all(slow.map((s) => s.closed));
      console.log(`slow clients: ${SLOW} slow sockets all closed within ${((Date.now() - started) / 1000).toFixed(1)} s of the sign-in`);
      const answered = slow.filter((s) => /^HTTP\/1\.1 408 /.test(s.received()));
      expect(answered.length, `answered 408 of ${SLOW}`).toBe(SLOW);
      expect((await rawRequest(server.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
    } finally {
      slow.forEach((s) => s.destroy());
    }
  }, 60_000);

  it(`beyond ${CAP} open sockets the server closes new ones at once; when the holders time out it answers again`, async () => {
    const held = Array.from({ length: CAP + EXTRA }, () => slowClient(server.port, 'unfinished headers'));
    try {
      await Promise.all(held.map((s) => s.closed));
      const served = held.filter((s) => /^HTTP\/1\.1 408 /.test(s.received())).length;
      const dropped = held.filter((s) => s.received() === '').length;
      console.log(`slow clients: ${CAP + EXTRA} sockets against a cap of ${CAP}: ${served} held until their timeout (408), ${dropped} closed at once`);
      expect(served + dropped).toBe(CAP + EXTRA);
      // At most CAP were taken (the harness's own kept-alive sockets may hold a slot or two), the rest closed at once.
      expect(served).toBeLessThanOrEqual(CAP);
      expect(dropped).toBeGreaterThanOrEqual(EXTRA);
      expect((await rawRequest(server.url, { method: 'GET', path: '/api/health' })).status).toBe(200);
    } finally {
      held.forEach((s) => s.destroy());
    }
  }, 60_000);
});
