import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { runEventStoreContract } from '../contract.ts';
import { KurrentDbEventStore } from './store.ts';

// The shared contract, against a real KurrentDB 25.1+ when one is given (no server can run on the
// machines this project is built on; see README "Deployment").
const url = process.env.KURRENTDB_URL;
if (url) {
  runEventStoreContract('KurrentDB', async () => {
    const stores: KurrentDbEventStore[] = [];
    const make = () => {
      const s = new KurrentDbEventStore(url);
      stores.push(s);
      return s;
    };
    return {
      store: make(),
      otherStore: async () => make(),
      async close() {
        for (const s of stores) await s.close();
      },
    };
  });
}

async function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

describe('KurrentDB store without a server', () => {
  it('says which server does not answer, for reads, appends and subscriptions', async () => {
    const port = await closedPort();
    const store = new KurrentDbEventStore(`kurrentdb://127.0.0.1:${port}?tls=false&maxDiscoverAttempts=1&discoveryInterval=10&defaultDeadline=2000`);
    try {
      await expect(store.readStream('package-1')).rejects.toThrow(`KurrentDB at kurrentdb://127.0.0.1:${port}`);
      await expect(store.readAll(null, 10)).rejects.toThrow(/does not answer/);
      await expect(store.headPosition()).rejects.toThrow(/does not answer/);
      await expect(
        store.append([{ stream: 'p', expectedVersion: 'any', events: [{ id: crypto.randomUUID(), type: 'T', data: {} }] }]),
      ).rejects.toThrow(/does not answer/);
      await expect(store.subscribe(() => {})).rejects.toThrow(/does not answer/);
    } finally {
      await store.close();
    }
  });

  it('refuses malformed appends before reaching the server', async () => {
    const store = new KurrentDbEventStore('kurrentdb://127.0.0.1:1?tls=false');
    const event = () => ({ id: crypto.randomUUID(), type: 'T', data: {} });
    try {
      await expect(store.append([])).rejects.toThrow(/at least one stream/);
      await expect(store.append([{ stream: 'p', expectedVersion: 'any', events: [] }])).rejects.toThrow(/no events/);
      await expect(store.append([{ stream: 'p', expectedVersion: 'any', events: [{ ...event(), id: 'x-1' }] }])).rejects.toThrow(/UUID/);
      await expect(
        store.append([
          { stream: 'p', expectedVersion: 'any', events: [event()] },
          { stream: 'p', expectedVersion: 0, events: [event()] },
        ]),
      ).rejects.toThrow(/twice/);
      await expect(store.append([{ stream: 'p', expectedVersion: -3, events: [event()] }])).rejects.toThrow(/revision >= 0/);
    } finally {
      await store.close();
    }
  });
});
