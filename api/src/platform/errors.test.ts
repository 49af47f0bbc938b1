import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { ProjectionTimeoutError } from '@parliamo/projections';
import errorsPlugin from './errors.ts';
import { z } from 'zod';
import { describeZodError } from './errors.ts';

describe('describeZodError', () => {
  it('shows our own messages verbatim, without the field name', () => {
    const schema = z.object({ totalHours: z.number().int().min(1, 'Hours must be between 1 and 30') });
    const r = schema.safeParse({ totalHours: 0 });
    expect(r.success).toBe(false);
    expect(describeZodError(r.error!)).toBe('Hours must be between 1 and 30');
  });

  it("names the field when zod's own message does not", () => {
    const r = z.object({ email: z.string() }).safeParse({ email: 5 });
    expect(describeZodError(r.error!)).toMatch(/^email: Invalid input/);
  });
});

describe('a write whose read models are late', () => {
  it('answers 503 saying the change was saved, never a bare 500', async () => {
    const app = Fastify();
    await app.register(errorsPlugin);
    app.post('/w', async () => {
      throw new ProjectionTimeoutError({ commit: 1n, prepare: 2n }, ['bookings']);
    });
    const res = await app.inject({ method: 'POST', url: '/w' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json().message).toMatch(/was saved/);
    await app.close();
  });
});
