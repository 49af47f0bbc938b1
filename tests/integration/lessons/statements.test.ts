import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { pdfText } from '../../../api/src/testing/pdf.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, headers, send, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp({ logLevel: 'error' });

const statement = (who: Who, month: string) => send(t, who, 'GET', `/api/teacher/statements/${month}.pdf`);

async function pay(adminId: string, teacherId: string, amountCents: number, reference: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/admin/teachers/${teacherId}/payouts`,
    headers: await headers(t, { id: adminId }),
    payload: { amountCents, periodEnd: '2026-03-05', reference },
  });
  expect(res.statusCode, res.body).toBe(201);
}

/**
 * Giulia (€30 an hour) teaches Anna Schmidt on 5 March 2026 at 09:00 and 14:00 Rome (€22.80 each to her);
 * Marco teaches Luca Verdi the same day. Giulia is paid €20.00 on 20 March and €10.00 on 1 April
 * (00:30 Rome = 31 March 22:30 UTC: April in Rome). The clock is then 2 April.
 */
async function march() {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  const other = await teacher(t, { firstName: 'Marco', lastName: 'Neri' });
  const s2 = await student(t, 'Luca', 'Verdi');
  await credit(t, s.id, g.id, 2);
  await credit(t, s2.id, other.id, 1);
  for (const hour of [9, 14]) expect((await book(t, s, { teacherId: g.id, date: '2026-03-05', hour })).statusCode).toBe(201);
  expect((await book(t, s2, { teacherId: other.id, date: '2026-03-05', hour: 11 })).statusCode).toBe(201);
  t.clock.set('2026-03-06T20:00:00Z'); // the report window (24 h after the end) has closed
  await runLessonTimers(timerDeps(t.app));
  const admin = await signedIn(t, 'admin');
  t.clock.set('2026-03-20T10:00:00Z');
  await pay(admin.id, g.id, 2000, 'BANK-MARCH');
  t.clock.set('2026-03-31T22:30:00Z');
  await pay(admin.id, g.id, 1000, 'BANK-APRIL');
  t.clock.set('2026-04-02T10:00:00Z');
  return { g, s, other };
}

async function text(res: { statusCode: number; body: string; headers: Record<string, unknown>; rawPayload: Buffer }) {
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  return (await pdfText(res.rawPayload)).join(' ');
}

describe('GET /api/teacher/statements/:month.pdf', () => {
  it("lists the month's lessons with the teacher's share, its payouts and the balance at its end", async () => {
    const { g } = await march();
    const res = await statement(g, '2026-03');
    expect(res.headers['content-disposition']).toContain('parliamo-statement-2026-03.pdf');
    const page = await text(res);
    for (const line of [
      'Parliamo, Scuola di Lingua Italiana', 'VAT number (Partita IVA): IT01234567890',
      'Monthly statement March 2026', 'Teacher: Giulia Rossi',
      'Date Time Student Price of the hour Your share (76%)',
      '5 Mar 2026 09:00 Anna S. EUR 30.00 EUR 22.80',
      '5 Mar 2026 14:00 Anna S. EUR 30.00 EUR 22.80',
      'Total earned in March 2026 (2 lessons) EUR 45.60',
      'Date Reference Amount', '20 March 2026 BANK-MARCH EUR 20.00',
      'Total paid in March 2026 EUR 20.00',
      'Payable balance at the start of March 2026 EUR 0.00',
      'Payable balance at 31 March 2026 EUR 25.60',
    ]) expect(page).toContain(line);
    // Another teacher's lessons, and the payout recorded in April (Rome), are not March's.
    for (const absent of ['Luca', 'Verdi', 'Marco', 'BANK-APRIL', 'EUR 10.00', 'Schmidt']) expect(page).not.toContain(absent);

    const april = await text(await statement(g, '2026-04'));
    for (const line of [
      'No completed lessons this month.', 'Total earned in April 2026 (0 lessons) EUR 0.00',
      '1 April 2026 BANK-APRIL EUR 10.00', 'Payable balance at the start of April 2026 EUR 25.60', 'Payable balance at 30 April 2026 EUR 15.60',
    ]) expect(april).toContain(line);
  });

  it('shows another teacher only their own lessons', async () => {
    const { other } = await march();
    const page = await text(await statement(other, '2026-03'));
    expect(page).toContain('Teacher: Marco Neri');
    expect(page).toContain('5 Mar 2026 11:00 Luca V. EUR 30.00 EUR 22.80');
    expect(page).toContain('No payouts recorded this month.');
    expect(page).toContain('Payable balance at 31 March 2026 EUR 22.80');
    for (const absent of ['Anna', 'BANK-', 'Giulia']) expect(page).not.toContain(absent);
  });

  it('gives a month with nothing a statement that says so', async () => {
    t.clock.set('2026-04-02T10:00:00Z');
    const g = await teacher(t);
    const page = await text(await statement(g, '2025-12'));
    for (const line of ['Monthly statement December 2025', 'No completed lessons this month.', 'No payouts recorded this month.', 'Payable balance at 31 December 2025 EUR 0.00'])
      expect(page).toContain(line);
  });

  it('refuses a malformed month (400), a month not started (404), students and admins (403), visitors (401)', async () => {
    t.clock.set('2026-04-30T22:30:00Z'); // 00:30 on 1 May in Rome
    const g = await teacher(t);
    for (const bad of ['2026-13', '2026-3', 'march', '2026-00', '202603', '2026-03-01', '2026-03.pdf', '%202026-03']) {
      const res = await statement(g, bad);
      expect(res.statusCode, `${bad} ${res.body}`).toBe(400);
      expect(res.json().message, bad).toContain(englishError('payouts.statementMonth'));
    }
    expect((await statement(g, '2026-05')).statusCode).toBe(200);
    const future = await statement(g, '2026-06');
    expect(future.statusCode).toBe(404);
    expect(future.json()).toMatchObject({ message: englishError('payouts.statementFuture') });
    expect((await statement(await student(t), '2026-03')).statusCode).toBe(403);
    expect((await statement(await signedIn(t, 'admin'), '2026-03')).statusCode).toBe(403);
    expect((await statement(null, '2026-03')).statusCode).toBe(401);
  });
});
