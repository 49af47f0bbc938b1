import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { KurrentDbEventStore } from './store.ts';

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('KurrentDB store without a server', () => {
  it('says which server does not answer, for reads and appends', async () => {
    const port = await closedPort();
    const store = new KurrentDbEventStore(`kurrentdb://127.0.0.1:${port}?tls=false&maxDiscoverAttempts=1&discoveryInterval=10&defaultDeadline=2000`);
    try {
      await expect(store.readStream('package-1')).rejects.toThrow(`KurrentDB at kurrentdb://127.0.0.1:${port}`);
      await expect(store.readAll(null, 10)).rejects.toThrow(/does not answer/);
      await expect(
        store.append([{ stream: 'p', expectedVersion: 'any', events: [{ id: crypto.randomUUID(), type: 'T', data: {} }] }]),
      ).rejects.toThrow(/does not answer/);
    } finally {
      await store.close();
    }
  });
});
