import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { answer, errorRef, errorResponses } from '@parliamo/domain';
import errorsPlugin from './errors.ts';
import i18nPlugin from './i18n.ts';
import { useContracts } from './contracts.ts';

/** A one-route app whose handler answers `body`, declared as `{ n: number }`. */
async function appAnswering(body: unknown, checkAnswers: boolean) {
  const app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
  useContracts(app, { checkAnswers });
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  app.post('/thing', {
    schema: { body: z.strictObject({ name: z.string(errorRef('common.teacherRequired')) }), response: { 200: answer({ n: z.number() }), ...errorResponses } },
  }, async () => body as never);
  return app;
}

describe('route contracts', () => {
  it('refuses a body against the contract with its own message, and judges a missing body as {}', async () => {
    const app = await appAnswering({ n: 1 }, true);
    const bad = await app.inject({ method: 'POST', url: '/thing', payload: { name: 3 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ code: 'common.teacherRequired', message: 'A teacher is required' });
    const none = await app.inject({ method: 'POST', url: '/thing' });
    expect(none.json()).toEqual({ code: 'common.teacherRequired', message: 'A teacher is required' });
    const extra = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'x', admin: true } });
    expect(extra.json()).toEqual({ code: 'common.unknownField', message: 'Unknown field: admin' });
    expect((await app.inject({ method: 'POST', url: '/thing', payload: { name: 'x' } })).json()).toEqual({ n: 1 });
  });

  it('catches an answer that does not match its schema (a wrong type, a field the contract does not know)', async () => {
    for (const body of [{ n: 'one' }, { n: 1, secret: 'x' }, {}]) {
      const app = await appAnswering(body, true);
      const res = await app.inject({ method: 'POST', url: '/thing', payload: { name: 'x' } });
      expect(res.statusCode, JSON.stringify(body)).toBe(500);
      expect(res.json()).toEqual({ code: 'common.serverError', message: 'Something went wrong on our side. Please try again.' });
    }
  });

  it('sends answers unchecked when checking is off (production)', async () => {
    const app = await appAnswering({ n: 1, secret: 'x' }, false);
    expect((await app.inject({ method: 'POST', url: '/thing', payload: { name: 'x' } })).json()).toEqual({ n: 1, secret: 'x' });
  });
});
