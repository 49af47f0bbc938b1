import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { perBlock } from '@parliamo/ledger/testing';
import { schemaErrors } from './fatturapa-schema.ts';

/** What the fake answers to the next files: an outcome, "pending" (asked about later), or a transport failure (503). */
export type FakeSdiPlan = 'RC' | 'MC' | { NS: { code: string; text: string } } | 'pending' | 'down';

export interface FakeSdi {
  url: string;
  /** The answers to the next calls, in order (then `RC`). */
  plan: FakeSdiPlan[];
  /** The outcome a pending file gets when asked about (an object: the test changes it in place). */
  later: { outcome: 'RC' | 'MC' };
  /** Files received: name and XML. */
  received: { fileName: string; xml: string; authorization: string | undefined }[];
  close(): Promise<void>;
}

/**
 * A local server standing in for an SdI intermediary's REST API (invoices/sdi.ts): it answers each
 * outcome the test plans, and rejects a file that does not validate against the FatturaPA schema as the
 * SdI does (NS, error 00200 "File non conforme al formato" with the schema's complaint).
 */
export async function startFakeSdi(): Promise<FakeSdi> {
  let n = 0;
  const pending = new Set<string>();
  const fake: FakeSdi = { url: '', plan: [], later: { outcome: 'RC' }, received: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      const asked = /^\/invoices\/([^/]+)$/.exec(req.url ?? '');
      if (req.method === 'GET' && asked) return send(200, pending.has(asked[1]!) ? { id: asked[1], status: fake.later.outcome } : { id: asked[1], status: 'pending' });
      if (req.method !== 'POST' || req.url !== '/invoices') return send(404, { message: 'not found' });
      const plan = fake.plan.shift() ?? 'RC';
      if (plan === 'down') return send(503, { message: 'unavailable' });
      const xml = Buffer.concat(chunks).toString('utf8');
      const id = `sdi-${++n}`;
      fake.received.push({ fileName: String(req.headers['x-file-name']), xml, authorization: req.headers.authorization });
      const invalid = schemaErrors(xml, '1.2.2');
      if (invalid.length) return send(200, { id, status: 'NS', errorCode: '00200', errorText: `File non conforme al formato: ${invalid[0]}` });
      if (plan === 'pending') {
        pending.add(id);
        return send(202, { id, status: 'pending' });
      }
      if (typeof plan === 'object') return send(200, { id, status: 'NS', errorCode: plan.NS.code, errorText: plan.NS.text });
      return send(200, { id, status: plan });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () => new Promise<void>((r) => server.close(() => r()));
  return fake;
}

/** A fake SdI intermediary for the tests of one describe block. */
export function useFakeSdi(): FakeSdi {
  return perBlock('useFakeSdi: the fake SdI', startFakeSdi, (fake) => fake.close());
}
