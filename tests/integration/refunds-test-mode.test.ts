import { describe, expect, it } from 'vitest';
import { ledgerBalance, type ParliamoEvent } from '@parliamo/domain';
import { hourPackagesProjection, lessonsProjection, ledgerBalanceOf, paymentsProjection, type LedgerBalanceTables } from '@parliamo/projections';
import { rebuiltCopies } from '@parliamo/projections/testing';
import { runLessonTimers, timerDeps } from '../../api/src/lessons/timers.ts';
import { useTestApp } from '../../api/src/testing/app.ts';
import { pdfText } from '../../api/src/testing/pdf.ts';
import { signedIn } from '../../api/src/testing/users.ts';
import { book, cancel, credit, get, headers, send, student, teacher } from './lessons/fixtures.ts';

// The local test payment mode (no Stripe keys): an admin's refund completes at once.
const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });

const packages = async (who: { id: string }) => (await get<any[]>(t, who, '/api/hour-packages')).body;

describe('refunds in the local test payment mode, and the ledger balance', () => {
  it('takes the refunded hours out at once; My Hours shows it; the credit note names the amount', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const admin = await signedIn(t, 'admin');
    const g = await teacher(t);
    const s = await student(t);
    const paymentId = await credit(t, s.id, g.id, 5); // EUR 30 an hour
    const keyed = async () => t.app.inject({
      method: 'POST', url: `/api/admin/payments/${paymentId}/refund`, headers: { ...(await headers(t, admin)), 'idempotency-key': 'dialog-1' },
      payload: { hours: 2, reason: 'Schedule change' },
    });
    const res = await keyed();
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ hours: 2, amountCents: 6000, feeIncluded: false, status: 'completed' });
    expect((await packages(s)).map((p) => [p.remainingHours, p.status])).toEqual([[3, 'active']]);
    const history = (await get<any>(t, s, `/api/hour-packages/${paymentId}/history`)).body.entries;
    expect(history.at(-1)).toMatchObject({ cause: 'revoked', delta: -2, balanceAfter: 3 });
    // Retried under the same Idempotency-Key: nothing more leaves.
    expect((await keyed()).statusCode).toBe(202);
    expect((await packages(s))[0].remainingHours).toBe(3);
    const pdf = await send(t, admin, 'GET', `/api/payments/${paymentId}/credit-note.pdf`);
    expect(pdf.statusCode).toBe(200);
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain('60.00');
  });

  it('refuses booked and given hours', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const admin = await signedIn(t, 'admin');
    const g = await teacher(t, { firstName: 'Paolo' });
    const s = await student(t);
    const paymentId = await credit(t, s.id, g.id, 2);
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-06', hour: 10 })).statusCode).toBe(201);
    const res = await send(t, admin, 'POST', `/api/admin/payments/${paymentId}/refund`, { hours: 2, reason: 'All of it' });
    expect([res.statusCode, res.json().message]).toEqual([409, 'Only 1 unused hour can be refunded']);
  });

  it('the admin\'s ledger balance accounts for every cent, and equals the figure of a rebuild and of the events', async () => {
    t.clock.set('2026-04-01T09:00:00Z');
    const admin = await signedIn(t, 'admin');
    const g = await teacher(t, { firstName: 'Lia', hourlyRate: 33.33 });
    const s = await student(t);
    const a = await credit(t, s.id, g.id, 4);
    for (const hour of [10, 11, 12]) expect((await book(t, s, { teacherId: g.id, date: '2026-04-06', hour })).statusCode).toBe(201);
    const b = await credit(t, s.id, g.id, 2, new Date('2026-04-01T10:00:00Z'));
    expect((await send(t, admin, 'POST', `/api/admin/payments/${b}/refund`, { hours: 2, reason: 'Whole package' })).json()).toMatchObject({ feeIncluded: true });
    // One lesson cancelled in time (its hour back), two given (76 % / 24 % of EUR 33.33: rounding).
    const lessons = (await get<any[]>(t, s, '/api/bookings')).body;
    expect((await cancel(t, s, lessons[0].id)).statusCode).toBe(200);
    t.clock.set('2026-04-07T13:00:00Z'); // the two lessons' report windows have closed
    expect((await runLessonTimers(timerDeps(t.app))).completed).toBeGreaterThanOrEqual(2);
    expect((await send(t, admin, 'POST', `/api/admin/payments/${a}/refund`, { hours: 1, reason: 'One back' })).statusCode).toBe(202);

    const live = (await get<any>(t, admin, '/api/admin/ledger-balance')).body;
    expect(live.unaccountedCents).toBe(0);
    expect(live.refundedBeyondHoursCents).toBe(0);
    expect(live.teacherSharesCents + live.schoolSharesCents).toBeGreaterThan(0);
    expect(live.refundedCents).toBeGreaterThan(0);
    const events: ParliamoEvent[] = [];
    for (let batch = await t.app.ledger.readAll(null, 1000); batch.length; batch = await t.app.ledger.readAll(batch.at(-1)!.position, 1000)) {
      events.push(...(batch as unknown as ParliamoEvent[]));
    }
    expect(ledgerBalance(events)).toEqual(live);
    const copy = await rebuiltCopies(t.db.pool, t.app.ledger, [paymentsProjection, hourPackagesProjection, lessonsProjection]);
    try {
      expect(await ledgerBalanceOf(t.db.pool, copy.tables as unknown as LedgerBalanceTables)).toEqual(live);
    } finally {
      await copy.drop();
    }
  });
});
