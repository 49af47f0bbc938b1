import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { useTestApp } from '../testing/app.ts';

// A client that never finishes its request, or holds a socket doing nothing, loses it; the server keeps answering.

/** A raw socket to the app, with what the server sent and a promise of its closing. */
function rawSocket(port: number) {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (chunk) => (received += chunk.toString('latin1')));
  socket.on('error', () => {}); // a reset by the server is one way of closing
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const connected = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, closed, connected, received: () => received };
}

const health = (port: number) => fetch(`http://127.0.0.1:${port}/api/health`).then((r) => r.status, () => 0);

describe('slow clients lose their socket (request, header and idle timeouts)', () => {
  // Short, but well above a stall of this process's event loop on a loaded machine: client and server
  // share it, and a request whose headers wait behind a stall longer than the timeout is cut too.
  const http = { ...loadConfig({}).http, requestTimeoutMs: 3000, headersTimeoutMs: 2000, idleTimeoutMs: 4000 };
  const t = useTestApp({ http });
  let port: number;
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });

  it('closes a socket whose body never finishes, answering 408, and answers /api/health meanwhile', async () => {
    const slow = rawSocket(port);
    await slow.connected;
    slow.socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nX-Requested-With: parliamo\r\n' +
        'Content-Length: 1000\r\n\r\n{"email":"someone@example.test","pass',
    );
    expect(await health(port)).toBe(200);
    await slow.closed;
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(await health(port)).toBe(200);
  });

  it('closes a socket whose headers never finish', async () => {
    const slow = rawSocket(port);
    await slow.connected;
    slow.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1');
    await slow.closed;
    expect(await health(port)).toBe(200);
  });

  it('closes a socket that never sends anything', async () => {
    const idle = rawSocket(port);
    await idle.connected;
    await idle.closed;
    expect(idle.received()).toMatch(/^(HTTP\/1\.1 408 |$)/);
  });
});

describe('a cap on open sockets (HTTP_MAX_CONNECTIONS)', () => {
  const http = { ...loadConfig({}).http, maxConnections: 3 };
  const t = useTestApp({ http });
  let port: number;
  const held: ReturnType<typeof rawSocket>[] = [];
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(() => held.forEach((s) => s.socket.destroy()));

  it('closes sockets beyond the cap as they arrive; once the holders leave, the server answers again', async () => {
    for (let i = 0; i < 3; i++) held.push(rawSocket(port));
    await Promise.all(held.map((s) => s.connected));
    // The server has counted the three once it has seen their first bytes.
    for (const s of held) s.socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    while ((await new Promise<number>((r) => t.app.server.getConnections((_, n) => r(n)))) < 3) await new Promise((r) => setTimeout(r, 10));
    const extra = rawSocket(port);
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const s of held) s.socket.destroy();
    await Promise.all(held.map((s) => s.closed));
    let status = 0;
    for (let i = 0; i < 200 && status !== 200; i++) status = await health(port);
    expect(status).toBe(200);
  });
});
