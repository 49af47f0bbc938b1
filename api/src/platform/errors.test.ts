import { describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DomainError, errorRef } from '@parliamo/domain';
import '@parliamo/domain/contracts';
import { ProjectionTimeoutError } from '@parliamo/projections';
import errorsPlugin from './errors.ts';
import i18nPlugin from './i18n.ts';

/** A bare app with the error answers, and one route that throws what `fail` throws. */
async function appThrowing(fail: () => unknown): Promise<FastifyInstance> {
  const app = Fastify();
  await app.register(i18nPlugin);
  await app.register(errorsPlugin);
  app.post('/w', async () => fail());
  return app;
}

/** The answer to POST /w, in English or (lang) Italian. */
async function answer(fail: () => unknown, lang?: 'it') {
  const app = await appThrowing(fail);
  const res = await app.inject({ method: 'POST', url: lang ? `/w?lang=${lang}` : '/w' });
  await app.close();
  return { status: res.statusCode, body: res.json() as { code: string; message: string } };
}

describe('the answer to an error: a code and the message in the request language', () => {
  it("a rule's refusal: its code, the message made from the code and its values", async () => {
    const fail = () => {
      throw new DomainError('conflict', 'lessons.bookingNoticeHours', { hours: 48 });
    };
    expect(await answer(fail)).toEqual({ status: 409, body: { code: 'lessons.bookingNoticeHours', message: 'Lessons must be booked at least 48 hours ahead' } });
    expect((await answer(fail, 'it')).body).toEqual({ code: 'lessons.bookingNoticeHours', message: 'Le lezioni vanno prenotate con almeno 48 ore di preavviso' });
  });

  it("a contract's own message, without the field name", async () => {
    const schema = z.object({ totalHours: z.number().int().min(1, errorRef('packages.hoursRange')) });
    expect(await answer(() => schema.parse({ totalHours: 0 }))).toEqual({ status: 400, body: { code: 'packages.hoursRange', message: 'Hours must be between 1 and 30' } });
  });

  it("zod's own message, with the field it is about", async () => {
    const schema = z.object({ email: z.string() });
    expect(await answer(() => schema.parse({ email: 5 }))).toEqual({
      status: 400,
      body: { code: 'common.zodInvalidTypeAt', message: 'email: Invalid input: expected string, received number' },
    });
  });

  it('an unexpected error: a 500 with a code and no internals', async () => {
    const res = await answer(() => {
      throw new Error('connection string postgres://secret');
    });
    expect(res).toEqual({ status: 500, body: { code: 'common.serverError', message: 'Something went wrong on our side. Please try again.' } });
  });
});

describe('a write whose read models are late', () => {
  it('answers 503 saying the change was saved, never a bare 500', async () => {
    const app = await appThrowing(() => {
      throw new ProjectionTimeoutError({ commit: 1n, prepare: 2n }, ['bookings']);
    });
    const res = await app.inject({ method: 'POST', url: '/w' });
    expect(res.statusCode).toBe(503);
    expect(res.headers['retry-after']).toBe('5');
    expect(res.json()).toMatchObject({ code: 'common.readModelsLate', message: expect.stringMatching(/was saved/) });
    await app.close();
  });
});
