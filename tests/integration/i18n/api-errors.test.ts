// The API's refusals in Italian and, unchanged, in English (docs/i18n.md "An API error or a validation
// message"): validation (zod), booking and cancellation rules, hours, sign-in, refunds, reviews, payouts.
import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { authHeaders, signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, headers, student, teacher, type Who } from '../lessons/fixtures.ts';

// The local test payment mode: a refund is decided without Stripe. The clock starts on Monday 2026-03-02, 10:00 Rome.
const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
/** How a request asks for Italian: the browser's language, the `lang` cookie or `?lang=it`. */
type Ask = 'accept-language' | 'cookie' | 'query';

/** The same refused request in English (no language asked for) and in Italian: status and message of each. */
async function inBothLanguages(who: Who, method: Method, url: string, payload?: object, ask: Ask = 'accept-language') {
  const send = async (italian: boolean) => {
    const h: Record<string, string> = { ...(await headers(t, who)) };
    if (italian && ask === 'accept-language') h['accept-language'] = 'it-IT,it;q=0.9,en;q=0.8';
    if (italian && ask === 'cookie') h.cookie = [h.cookie, 'lang=it'].filter(Boolean).join('; ');
    const u = italian && ask === 'query' ? `${url}${url.includes('?') ? '&' : '?'}lang=it` : url;
    const res = await t.app.inject({ method, url: u, headers: h, ...(payload ? { payload } : {}) });
    return [res.statusCode, res.json().message] as const;
  };
  const en = await send(false);
  const it_ = await send(true);
  expect(it_[0], 'the same status in both languages').toBe(en[0]);
  return { status: en[0], en: en[1], it: it_[1] };
}

describe('API errors in Italian, and unchanged in English', () => {
  it('validation messages of the contracts', async () => {
    const g = await teacher(t);
    const s = await student(t);
    expect(await inBothLanguages(s, 'POST', '/api/bookings', { teacherId: g.id, date: '2026-03-04', hour: 24 })).toEqual({
      status: 400,
      en: 'The hour must be a whole hour from 0 to 23',
      it: "L'ora deve essere un'ora intera da 0 a 23",
    });
    expect(await inBothLanguages(s, 'POST', '/api/bookings', { teacherId: g.id, date: '2026-02-30', hour: 10 }, 'query')).toEqual({
      status: 400,
      en: 'Dates are written YYYY-MM-DD and must exist in the calendar',
      it: 'Le date si scrivono AAAA-MM-GG e devono esistere nel calendario',
    });
    expect(await inBothLanguages(s, 'POST', '/api/bookings', { teacherId: g.id, date: '2026-03-04', hour: 10, room: 'A', floor: 2 })).toEqual({
      status: 400,
      en: 'Unknown fields: room, floor',
      it: 'Campi sconosciuti: room, floor',
    });
    // A message made from a field label: one entry per field.
    expect(await inBothLanguages(g, 'PUT', '/api/teacher/profile', { hourlyRate: 30, city: 'R'.repeat(101) }, 'cookie')).toEqual({
      status: 400,
      en: 'The city can be at most 100 characters',
      it: 'La città può avere al massimo 100 caratteri',
    });
  });

  it('booking rules: less than 48 hours ahead, not enough hours, too late to cancel', async () => {
    const g = await teacher(t);
    const s = await student(t);
    await credit(t, s.id, g.id, 1);
    t.clock.set('2026-03-02T09:01:00Z'); // 47 h 59 min before Wednesday 10:00
    expect(await inBothLanguages(s, 'POST', '/api/bookings', { teacherId: g.id, date: '2026-03-04', hour: 10 })).toEqual({
      status: 409,
      en: 'Lessons must be booked at least 48 hours ahead',
      it: 'Le lezioni vanno prenotate con almeno 48 ore di preavviso',
    });
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    expect(await inBothLanguages(s, 'POST', '/api/bookings', { teacherId: other.id, date: '2026-03-06', hour: 10 }, 'query')).toEqual({
      status: 409,
      en: 'You have no hours left with this teacher',
      it: 'Non hai più ore con questo insegnante',
    });
    const lesson = await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 });
    expect(lesson.statusCode, lesson.body).toBe(201);
    t.clock.set('2026-03-04T09:00:01Z'); // 47 h 59 min 59 s before the lesson
    expect(await inBothLanguages(s, 'DELETE', `/api/bookings/${lesson.json().id}`, undefined, 'cookie')).toEqual({
      status: 409,
      en: 'Too late to cancel (48h required)',
      it: 'Troppo tardi per annullare (servono 48 ore di preavviso)',
    });
  });

  it('sign-in failure', async () => {
    const payload = { email: 'nobody.i18n-errors@example.test', password: 'wrong password here' };
    expect(await inBothLanguages(null, 'POST', '/api/auth/login', payload)).toEqual({ status: 401, en: 'Invalid credentials', it: 'Email o password non corretti' });
    // Without a session the request still needs the CSRF header, and still gets Italian.
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login?lang=it', headers: authHeaders(), payload });
    expect(res.json().message).toBe('Email o password non corretti');
  });

  it('refusals of a refund, a review and a payout, with hours and euros in Italian', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const admin = await signedIn(t, 'admin');
    const g = await teacher(t);
    const s = await student(t);
    const paymentId = await credit(t, s.id, g.id, 2); // €30 an hour
    const lesson = await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 });
    expect(lesson.statusCode, lesson.body).toBe(201);
    expect(await inBothLanguages(admin, 'POST', `/api/admin/payments/${paymentId}/refund`, { hours: 2, reason: 'All of it' })).toEqual({
      status: 409,
      en: 'Only 1 unused hour can be refunded',
      it: 'Si può rimborsare solo 1 ora non usata',
    });
    const id = lesson.json().id as string;
    expect(await inBothLanguages(s, 'POST', `/api/bookings/${id}/review`, { rating: 5 }, 'query')).toEqual({
      status: 403,
      en: 'You can review a lesson once it has been completed',
      it: 'Puoi recensire una lezione dopo che si è svolta',
    });
    t.clock.set('2026-03-06T20:00:00Z'); // the report window (24 h after the end) has closed
    await runLessonTimers(timerDeps(t.app)); // completed: the teacher earned 76 % of €30 = €22.80
    expect(await inBothLanguages(admin, 'POST', `/api/admin/teachers/${g.id}/payouts`, { amountCents: 2281, periodEnd: '2026-03-05', reference: 'BANK-1' })).toEqual({
      status: 409,
      en: 'A payout of €22.81 is more than the payable balance of €22.80',
      it: 'Una liquidazione di 22,81\u00a0€ supera il saldo pagabile di 22,80\u00a0€', // Intl puts a no-break space before €
    });
  });
});
