import { describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { payoutsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, get, headers, send, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp({ logLevel: 'error' });

const pay = (who: Who, teacherId: string, payload: unknown) => send(t, who, 'POST', `/api/admin/teachers/${teacherId}/payouts`, payload);
const body = (over: Record<string, unknown> = {}) => ({ amountCents: 5000, periodEnd: '2026-03-31', reference: 'BANK-2026-03', ...over });

/**
 * Teacher g (€30 an hour) and student s with `count` lessons on 5 March 2026 from 09:00 Rome,
 * completed by the lesson timers: each earns g 76 % of €30 = €22.80. The clock is then 2 April.
 */
async function earned(count = 3) {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, count);
  for (let i = 0; i < count; i++) {
    const res = await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 + i });
    expect(res.statusCode, res.body).toBe(201);
  }
  t.clock.set('2026-03-06T20:00:00Z'); // the report window (24 h after the end) has closed
  await runLessonTimers(timerDeps(t.app));
  t.clock.set('2026-04-02T10:00:00Z');
  const admin = await signedIn(t, 'admin');
  return { g, s, admin };
}

describe('POST /api/admin/teachers/:id/payouts', () => {
  it('records a payout in the ledger; the teacher and the admin see the balance drop', async () => {
    const { g, admin } = await earned(3);
    expect((await get(t, g, '/api/teacher/payouts')).body).toEqual({ earnedCents: 6840, paidCents: 0, payableCents: 6840, months: [{ month: '2026-03', earnedCents: 6840, paidCents: 0, payableCents: 6840 }], payouts: [] });

    const res = await pay(admin, g.id, body({ reference: '  BANK-2026-03  ' }));
    expect(res.statusCode, res.body).toBe(201);
    const { payout, balance } = res.json();
    expect(payout).toEqual({ id: expect.any(String), amountCents: 5000, periodEnd: '2026-03-31', reference: 'BANK-2026-03', recordedAt: '2026-04-02T10:00:00.000Z' });
    expect(balance).toEqual({ teacherId: g.id, name: 'Giulia Rossi', earnedCents: 6840, paidCents: 5000, payableCents: 1840, lastPayoutAt: '2026-04-02T10:00:00.000Z' });

    // The payout counts in April (Rome), the lessons in March.
    expect((await get(t, g, '/api/teacher/payouts')).body).toEqual({
      earnedCents: 6840,
      paidCents: 5000,
      payableCents: 1840,
      months: [
        { month: '2026-04', earnedCents: 0, paidCents: 5000, payableCents: 1840 },
        { month: '2026-03', earnedCents: 6840, paidCents: 0, payableCents: 6840 },
      ],
      payouts: [payout],
    });
    const all = (await get(t, admin, '/api/admin/payouts')).body;
    expect(all.teachers.find((x: { teacherId: string }) => x.teacherId === g.id)).toEqual(balance);
    expect(all.payableCents).toBe(all.teachers.reduce((s: number, x: { payableCents: number }) => s + x.payableCents, 0));
    // The largest payable balance first.
    const payables = all.teachers.map((x: { payableCents: number }) => x.payableCents);
    expect(payables).toEqual([...payables].sort((a, b) => b - a));

    // The ledger holds the fact, on the teacher's payouts stream.
    const events = await t.app.ledger.readStream(streams.payouts(g.id));
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PayoutRecorded', { payoutId: payout.id, teacherId: g.id, adminId: admin.id, amountCents: 5000, periodEnd: '2026-03-31', reference: 'BANK-2026-03', recordedAt: '2026-04-02T10:00:00.000Z' }],
    ]);
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [payoutsProjection])).toEqual([]);
  });

  it('refuses a payout above the payable balance with 409 and the balance in euros; exactly the balance is fine', async () => {
    const { g, admin } = await earned(3);
    expect((await pay(admin, g.id, body({ amountCents: 4000 }))).statusCode).toBe(201);
    const over = await pay(admin, g.id, body({ amountCents: 2841 }));
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('A payout of €28.41 is more than the payable balance of €28.40');
    expect((await pay(admin, g.id, body({ amountCents: 2840, reference: 'BANK-2' }))).statusCode).toBe(201);
    const none = await pay(admin, g.id, body({ amountCents: 1 }));
    expect(none.statusCode).toBe(409);
    expect(none.json().message).toBe('Nothing is payable to this teacher now (payable balance €0.00)');
    expect((await get(t, g, '/api/teacher/payouts')).body).toMatchObject({ earnedCents: 6840, paidCents: 6840, payableCents: 0 });
    expect(await t.app.ledger.readStream(streams.payouts(g.id))).toHaveLength(2);
  });

  it('of concurrent payouts, only those within the balance are recorded', async () => {
    const { g, admin } = await earned(3);
    // €68.40 payable; five payouts of €20 at once: three fit, two are refused.
    const results = await Promise.all(Array.from({ length: 5 }, (_, i) => pay(admin, g.id, body({ amountCents: 2000, reference: `RUN-${i}` }))));
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 201, 201, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) {
      expect(r.json().message).toBe('A payout of €20.00 is more than the payable balance of €8.40');
    }
    expect((await get(t, g, '/api/teacher/payouts')).body).toMatchObject({ paidCents: 6000, payableCents: 840 });
    expect(await t.app.ledger.readStream(streams.payouts(g.id))).toHaveLength(3);
  });

  it('records one payout for a double submit under one Idempotency-Key; the key binds to its body and admin (422)', async () => {
    const { g, admin } = await earned(3);
    const keyed = async (who: Who, key: string, over: Record<string, unknown> = {}) =>
      t.app.inject({ method: 'POST', url: `/api/admin/teachers/${g.id}/payouts`, headers: { ...(await headers(t, who)), 'idempotency-key': key }, payload: body(over) });
    // The form's double submit: both at once, then once more after the answer.
    const [first, second] = await Promise.all([keyed(admin, 'form-1'), keyed(admin, 'form-1')]);
    const again = await keyed(admin, 'form-1');
    expect([first.statusCode, second.statusCode, again.statusCode], first.body + second.body).toEqual([201, 201, 201]);
    expect(new Set([first, second, again].map((r) => r.json().payout.id)).size).toBe(1);
    expect(again.json().balance).toMatchObject({ paidCents: 5000, payableCents: 1840 });
    // The same key with another amount, or from another admin: refused, nothing recorded.
    const other = await signedIn(t, 'admin');
    for (const res of [await keyed(admin, 'form-1', { amountCents: 1000 }), await keyed(other, 'form-1')]) {
      expect([res.statusCode, res.json().message]).toEqual([422, englishError('common.idempotencyKeyMismatch')]);
    }
    const bad = await keyed(admin, 'k'.repeat(256));
    expect([bad.statusCode, bad.json().message]).toEqual([400, 'The Idempotency-Key header must be 1 to 255 characters']);
    // Without a key, two identical payouts are two payouts.
    expect((await pay(admin, g.id, body({ amountCents: 100 }))).statusCode).toBe(201);
    expect((await pay(admin, g.id, body({ amountCents: 100 }))).statusCode).toBe(201);
    expect((await t.app.ledger.readStream(streams.payouts(g.id))).map((e) => (e.data as { amountCents: number }).amountCents)).toEqual([5000, 100, 100]);
  });

  it('answers 404 for an unknown teacher or someone who is not a teacher', async () => {
    const { s, admin } = await earned(1);
    for (const id of ['no-such-teacher', s.id, admin.id]) {
      const res = await pay(admin, id, body({ amountCents: 100 }));
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(englishError('common.teacherNotFound'));
    }
  });

  it('refuses bad input with 400 and a message a person understands', async () => {
    const { g, admin } = await earned(1);
    const cases: [Record<string, unknown>, string][] = [
      [{ amountCents: undefined }, 'The amount is required'],
      [{ amountCents: 0 }, englishError('payouts.amountCents')],
      [{ amountCents: -500 }, englishError('payouts.amountCents')],
      [{ amountCents: 12.5 }, englishError('payouts.amountCents')],
      [{ amountCents: '1000' }, englishError('payouts.amountCents')],
      [{ periodEnd: undefined }, 'The period end is required'],
      [{ periodEnd: '31/03/2026' }, englishError('payouts.periodEndFormat')],
      [{ periodEnd: '2026-02-30' }, englishError('payouts.periodEndFormat')],
      [{ periodEnd: '2026-04-03' }, englishError('payouts.periodEndFuture')],
      [{ reference: undefined }, 'A reference is required'],
      [{ reference: '   ' }, 'A reference is required'],
      [{ reference: 'x'.repeat(101) }, englishError('payouts.referenceLength', { max: 100 })],
      [{ iban: 'IT60X0542811101000000123456' }, 'Unknown field: iban'],
    ];
    for (const [over, message] of cases) {
      const res = await pay(admin, g.id, body({ amountCents: 100, ...over }));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      expect(res.json().message, JSON.stringify(over)).toContain(message);
    }
    expect(await t.app.ledger.readStream(streams.payouts(g.id))).toHaveLength(0);
  });

  it('is for admins only; the payouts read is for teachers, each their own', async () => {
    const { g, s, admin } = await earned(1);
    expect((await pay(g, g.id, body({ amountCents: 100 }))).statusCode).toBe(403);
    expect((await pay(s, g.id, body({ amountCents: 100 }))).statusCode).toBe(403);
    expect((await pay(null, g.id, body({ amountCents: 100 }))).statusCode).toBe(401);
    expect((await get(t, s, '/api/teacher/payouts')).status).toBe(403);
    expect((await get(t, g, '/api/admin/payouts')).status).toBe(403);
    expect((await get(t, g, '/api/admin/payouts.csv')).status).toBe(403);
    // Another teacher sees only their own (nothing earned, nothing paid).
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    expect((await pay(admin, g.id, body({ amountCents: 100 }))).statusCode).toBe(201);
    expect((await get(t, other, '/api/teacher/payouts')).body).toEqual({ earnedCents: 0, paidCents: 0, payableCents: 0, months: [], payouts: [] });
  });
});

describe('GET /api/admin/payouts.csv', () => {
  it('lists every teacher with a payable balance for the bank run', async () => {
    const { g, admin } = await earned(2);
    await teacher(t, { firstName: '=cmd', lastName: 'Nothing' });
    expect((await pay(admin, g.id, body({ amountCents: 1000 }))).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/payouts.csv', headers: await headers(t, admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="parliamo-payouts.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('teacher_id,teacher,earned_eur,paid_eur,payable_eur,last_payout_at');
    expect(lines).toContain(`${g.id},Giulia Rossi,45.60,10.00,35.60,2026-04-02T10:00:00.000Z`);
    // A teacher with nothing payable is not in the bank run.
    expect(res.body).not.toContain('Nothing');
  });
});
