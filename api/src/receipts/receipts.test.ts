import { beforeAll, describe, expect, it } from 'vitest';
import { documentYear, streams } from '@parliamo/domain';
import { receiptsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { TEST_START, useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';
import { pdfText } from '../testing/pdf.ts';
import { settleMails } from '../testing/mails.ts';
import { signedDelivery, stripeEvent, useFakeStripe } from '../testing/fake-stripe.ts';
import { commandDeps } from '../platform/command.ts';
import { recordRefund } from '../payments/flow.ts';

type Person = TestUser & { cookie: string };

const testCheckout = { stripeSecretKey: undefined, stripeWebhookSecret: undefined };

describe('receipts and credit notes (numbered by the ledger, written as PDFs)', () => {
  const t = useTestApp(testCheckout);
  let student: Person;
  let other: Person;
  let admin: Person;
  let teacherUser: Person;
  let teacher: TestUser;

  beforeAll(async () => {
    student = await signedIn(t, 'student');
    await t.db.pool.query(`UPDATE users SET first_name = 'Anna', last_name = 'Bianchi', fiscal_code = 'BNCNNA90E57H501X', vat_number = '12345678901' WHERE id = $1`, [student.id]);
    other = await signedIn(t, 'student');
    admin = await signedIn(t, 'admin');
    teacherUser = await signedIn(t, 'teacher');
    teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
  });

  const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(who?.cookie) });

  /** Starts a checkout of `hours` with Giulia for `who`; returns the payment id (not paid yet). */
  async function start(who: Person, hours: number): Promise<string> {
    const res = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(who.cookie),
      payload: { amount: hours * 25 + 3, teacherId: teacher.id, totalHours: hours },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().checkout_url.split('/').pop();
  }
  const pay = (who: Person, paymentId: string) =>
    t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: authHeaders(who.cookie) });
  async function buy(who: Person, hours: number): Promise<string> {
    const paymentId = await start(who, hours);
    expect((await pay(who, paymentId)).statusCode).toBe(200);
    return paymentId;
  }
  const receiptsOfYear = async (year: number) =>
    (await t.app.ledger.readStream(streams.receiptNumbers(year))).map((e) => e.data as { sequence: number; number: string; paymentId: string });

  it('writes the receipt of a credited purchase as a PDF: school, number, date, student with tax ids, teacher, hours x rate, fee, total, reference', async () => {
    t.clock.set(TEST_START); // 2 March 2026, 10:00 in Rome
    const paymentId = await buy(student, 5);
    const res = await get(student, `/api/payments/${paymentId}/receipt.pdf`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const [page, ...more] = await pdfText(res.rawPayload);
    expect(more).toEqual([]);
    const [receipt] = (await receiptsOfYear(2026)).filter((r) => r.paymentId === paymentId);
    expect(receipt!.number).toMatch(/^2026-\d{6}$/);
    expect(res.headers['content-disposition']).toContain(`parliamo-receipt-${receipt!.number}.pdf`);
    for (const text of [
      'Parliamo, Scuola di Lingua Italiana', 'Via dei Serpenti 45, 00184 Roma, Italy', 'VAT number (Partita IVA): IT01234567890',
      `Receipt ${receipt!.number}`, 'Date: 2 March 2026', 'Anna Bianchi', 'Via del Corso 1, 00186 Roma',
      'Fiscal code: BNCNNA90E57H501X', 'Partita IVA: 12345678901', 'Teacher: Giulia Rossi',
      '5 hours x EUR 25.00', 'EUR 125.00', 'Fee EUR 3.00', 'Total paid EUR 128.00', `Payment reference: ${paymentId}`,
    ]) expect(page).toContain(text);
    // The confirmation records the number too (the credit note reads it from there).
    const confirmed = (await t.app.ledger.readStream(streams.payment(paymentId))).find((e) => e.type === 'PaymentConfirmed');
    expect((confirmed!.data as { receiptNumber?: string }).receiptNumber).toBe(receipt!.number);
  });

  it('attaches the receipt PDF to the purchase confirmation mail', async () => {
    const paymentId = await buy(student, 3);
    await settleMails(t.app);
    const { rows } = await t.db.pool.query(
      `SELECT text_body, attachments FROM mail_outbox WHERE to_address = $1 AND subject LIKE 'Your 3 hours with%'`,
      [student.email],
    );
    expect(rows).toHaveLength(1);
    const number = (await receiptsOfYear(documentYear(t.clock.now()))).find((r) => r.paymentId === paymentId)!.number;
    expect(rows[0].text_body).toContain(`Your receipt ${number} is attached.`);
    const [pdf] = rows[0].attachments as { filename: string; contentType: string; content: string }[];
    expect(pdf).toMatchObject({ filename: `parliamo-receipt-${number}.pdf`, contentType: 'application/pdf' });
    const [page] = await pdfText(Buffer.from(pdf!.content, 'base64'));
    expect(page).toContain(`Receipt ${number}`);
    expect(page).toContain('Total paid EUR 78.00');
  });

  it('gives a trial purchase its receipt at the trial rate', async () => {
    const trialTeacher = await createUser(t, { role: 'teacher', firstName: 'Marco', lastName: 'Verdi', teacher: { hourlyRate: 30 } });
    await t.db.pool.query(`UPDATE teacher_profiles SET trial_rate_cents = 1500 WHERE user_id = $1`, [trialTeacher.id]);
    const res = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(student.cookie),
      payload: { amount: 18, teacherId: trialTeacher.id, totalHours: 1, trial: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().checkout_url.split('/').pop();
    expect((await pay(student, paymentId)).statusCode).toBe(200);
    const [page] = await pdfText((await get(student, `/api/payments/${paymentId}/receipt.pdf`)).rawPayload);
    expect(page).toContain('Teacher: Marco Verdi');
    expect(page).toContain('1 hour x EUR 15.00');
    expect(page).toContain('Total paid EUR 18.00');
  });

  it('shows the receipt to the student who paid and to admins; anyone else, or no receipt, is 404', async () => {
    const paymentId = await buy(student, 1);
    const url = `/api/payments/${paymentId}/receipt.pdf`;
    expect((await get(student, url)).statusCode).toBe(200);
    const asAdmin = await get(admin, url);
    expect(asAdmin.statusCode).toBe(200);
    expect((await pdfText(asAdmin.rawPayload))[0]).toContain('Total paid EUR 28.00');
    for (const who of [other, teacherUser]) {
      const res = await get(who, url);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Receipt not found' });
    }
    expect((await get(null, url)).statusCode).toBe(401);
    expect((await get(student, '/api/payments/00000000-0000-4000-8000-000000000000/receipt.pdf')).statusCode).toBe(404);
    // A checkout not paid yet has no receipt.
    const unpaid = await start(student, 2);
    expect((await get(student, `/api/payments/${unpaid}/receipt.pdf`)).statusCode).toBe(404);
  });

  it('numbers receipts 1, 2, 3... per year without gaps, once per payment, concurrent credits included', async () => {
    const year = documentYear(t.clock.now());
    const before = await receiptsOfYear(year);
    const ids = await Promise.all([1, 2, 3, 4, 5].map((h) => start(h % 2 ? student : other, h)));
    // All five paid at the same moment, each twice (a repeated confirmation takes no second number).
    const results = await Promise.all(ids.flatMap((id, i) => [pay(i % 2 ? other : student, id), pay(i % 2 ? other : student, id)]));
    expect(results.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const after = await receiptsOfYear(year);
    expect(after.map((r) => r.sequence)).toEqual(after.map((_, i) => i + 1));
    expect(after.map((r) => r.number)).toEqual(after.map((_, i) => `${year}-${String(i + 1).padStart(6, '0')}`));
    const fresh = after.slice(before.length);
    expect(fresh.map((r) => r.paymentId).sort()).toEqual([...ids].sort());
    expect(new Set(after.map((r) => r.paymentId)).size).toBe(after.length);
  });

  it('writes the school details in force when the receipt was issued; a later change alters no receipt', async () => {
    const first = await buy(student, 1);
    const res = await t.app.inject({
      method: 'PUT', url: '/api/admin/settings', headers: authHeaders(admin.cookie),
      payload: { schoolName: 'Parliamo Roma S.r.l.', schoolAddress: 'Via Nazionale 10, 00184 Roma', vatNumber: 'IT09876543210' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const second = await buy(student, 1);
    const oldPage = (await pdfText((await get(student, `/api/payments/${first}/receipt.pdf`)).rawPayload))[0];
    const newPage = (await pdfText((await get(student, `/api/payments/${second}/receipt.pdf`)).rawPayload))[0];
    expect(oldPage).toContain('Parliamo, Scuola di Lingua Italiana');
    expect(oldPage).not.toContain('Parliamo Roma S.r.l.');
    expect(newPage).toContain('Parliamo Roma S.r.l.');
    expect(newPage).toContain('Via Nazionale 10, 00184 Roma');
    expect(newPage).toContain('VAT number (Partita IVA): IT09876543210');
  });

  it('refuses school details a receipt cannot carry with a clear 400', async () => {
    for (const [payload, message] of [
      [{ vatNumber: 'IT 0123' }, 'The VAT number must be 2 to 20 letters and digits, e.g. IT01234567890'],
      [{ schoolName: '  ' }, 'The school name must be 1 to 120 characters'],
      [{ schoolAddress: 'x'.repeat(201) }, 'The school address must be 1 to 200 characters'],
    ] as const) {
      const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: authHeaders(admin.cookie), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
  });

  it('writes a credit note for each refund, in its own series, referencing the receipt; 404 before any refund', async () => {
    const paymentId = await buy(student, 4); // EUR 103
    const url = `/api/payments/${paymentId}/credit-note.pdf`;
    expect((await get(student, url)).statusCode).toBe(404);
    expect((await get(student, url)).json()).toMatchObject({ message: 'Credit note not found' });
    const year = documentYear(t.clock.now());
    const receiptNumber = (await receiptsOfYear(year)).find((r) => r.paymentId === paymentId)!.number;
    const notesBefore = (await t.app.ledger.readStream(streams.creditNoteNumbers(year))).length;

    const deps = commandDeps(t.app);
    await recordRefund(deps, { paymentId, totalRefundedCents: 2500, providerRefundId: 're_first' });
    await recordRefund(deps, { paymentId, totalRefundedCents: 2500, providerRefundId: 're_first' }); // repeated: nothing new
    await recordRefund(deps, { paymentId, totalRefundedCents: 10300, providerRefundId: 're_rest' });

    const notes = (await t.app.ledger.readStream(streams.creditNoteNumbers(year))).slice(notesBefore).map((e) => e.data as { sequence: number; number: string; receiptNumber: string; amountCents: number });
    expect(notes.map((n) => [n.sequence, n.receiptNumber, n.amountCents])).toEqual([
      [notesBefore + 1, receiptNumber, 2500],
      [notesBefore + 2, receiptNumber, 7800],
    ]);
    const res = await get(student, url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pages = await pdfText(res.rawPayload);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(`Credit note ${notes[0]!.number}`);
    expect(pages[0]).toContain(`Refers to receipt ${receiptNumber}`);
    expect(pages[0]).toContain('Amount refunded EUR 25.00');
    expect(pages[0]).toContain('Refund reference: re_first');
    expect(pages[0]).toContain('Fiscal code: BNCNNA90E57H501X');
    expect(pages[1]).toContain(`Credit note ${notes[1]!.number}`);
    expect(pages[1]).toContain('Amount refunded EUR 78.00');
    expect((await get(admin, url)).statusCode).toBe(200);
    expect((await get(other, url)).statusCode).toBe(404);
  });

  it('lists a student\'s own receipts with their credit notes (GET /api/receipts), and the admin\'s payments name them', async () => {
    const paymentId = await buy(other, 2);
    await recordRefund(commandDeps(t.app), { paymentId, totalRefundedCents: 5300, providerRefundId: 're_all' });
    const mine = await get(other, '/api/receipts');
    expect(mine.statusCode).toBe(200);
    const year = documentYear(t.clock.now());
    const receiptNumber = (await receiptsOfYear(year)).find((r) => r.paymentId === paymentId)!.number;
    const row = mine.json().find((r: { paymentId: string }) => r.paymentId === paymentId);
    expect(row).toEqual({ paymentId, packageId: paymentId, receiptNumber, issuedAt: t.clock.now().toISOString(), creditNoteNumbers: [expect.stringMatching(/^\d{4}-\d{6}$/)] });
    // Only one's own: the other student's purchase is not in Anna's list.
    const annas = (await get(student, '/api/receipts')).json().map((r: { paymentId: string }) => r.paymentId);
    expect(annas).not.toContain(paymentId);
    expect((await get(admin, '/api/receipts')).statusCode).toBe(403);

    const list = await get(admin, `/api/admin/payments?search=${paymentId}`);
    expect(list.json().payments).toEqual([expect.objectContaining({ paymentId, receiptNumber, hasCreditNote: true })]);
  });

  it('rebuilds the documents read model from the ledger to the same rows', async () => {
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [receiptsProjection])).toEqual([]);
  });
});

describe('receipt numbers across a new year', () => {
  // 23:30 on 31 December 2026 in Rome (22:30 UTC).
  const t = useTestApp(testCheckout, '2026-12-31T22:30:00Z');

  it('starts a new series when the Rome year changes, though it is still 31 December in UTC', async () => {
    const student = await signedIn(t, 'student');
    const teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25 } });
    const buy = async () => {
      const res = await t.app.inject({
        method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(student.cookie),
        payload: { amount: 28, teacherId: teacher.id, totalHours: 1 },
      });
      const paymentId: string = res.json().checkout_url.split('/').pop();
      expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: authHeaders(student.cookie) })).statusCode).toBe(200);
      return paymentId;
    };
    const december = await buy();
    t.clock.advance(60 * 60 * 1000); // 00:30 on 1 January 2027 in Rome, 23:30 on 31 December in UTC
    const january = await buy();
    const numbers = async (year: number) => (await t.app.ledger.readStream(streams.receiptNumbers(year))).map((e) => e.data);
    expect(await numbers(2026)).toEqual([expect.objectContaining({ sequence: 1, number: '2026-000001', paymentId: december })]);
    expect(await numbers(2027)).toEqual([expect.objectContaining({ sequence: 1, number: '2027-000001', paymentId: january })]);
    const page = (await pdfText((await t.app.inject({ method: 'GET', url: `/api/payments/${january}/receipt.pdf`, headers: authHeaders(student.cookie) })).rawPayload))[0];
    expect(page).toContain('Receipt 2027-000001');
    expect(page).toContain('Date: 1 January 2027');
  });
});

describe('receipts and credit notes through Stripe (official client against a local Stripe)', () => {
  const secret = 'whsec_receipts';
  const fake = useFakeStripe();
  const t = useTestApp(() => ({ stripeSecretKey: 'sk_test_parliamo', stripeWebhookSecret: secret, stripeApiUrl: fake.url }));

  it('issues the receipt when the webhook confirms, and a credit note naming it when Stripe reports the refund', async () => {
    const student = await signedIn(t, 'student');
    const teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 25 } });
    const started = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(student.cookie),
      payload: { amount: 53, teacherId: teacher.id, totalHours: 2 },
    });
    const sessionId = /\/c\/pay\/(cs_test_[0-9a-f]+)$/.exec(started.json().checkout_url)![1]!;
    const paymentId = fake.sessions.get(sessionId)!.metadata.paymentId!;
    const deliver = async (type: string, object: unknown) => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      const d = signedDelivery(stripeEvent(type, object, now), secret, now);
      expect((await t.app.inject({ method: 'POST', url: '/api/stripe/webhook', headers: d.headers, payload: d.payload })).statusCode).toBe(200);
    };
    await deliver('checkout.session.completed', fake.pay(sessionId));
    const receipt = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/receipt.pdf`, headers: authHeaders(student.cookie) });
    expect(receipt.statusCode).toBe(200);
    const [page] = await pdfText(receipt.rawPayload);
    const number = /Receipt (\d{4}-\d{6})/.exec(page!)![1]!;
    // Stripe's payment intent is the reference.
    expect(page).toMatch(/Payment reference: pi_\w+/);

    const refund = fake.refund(sessionId, 2500);
    await deliver('charge.refunded', refund);
    await deliver('charge.refunded', refund); // repeated: still one credit note
    const note = await t.app.inject({ method: 'GET', url: `/api/payments/${paymentId}/credit-note.pdf`, headers: authHeaders(student.cookie) });
    expect(note.statusCode).toBe(200);
    const pages = await pdfText(note.rawPayload);
    expect(pages).toHaveLength(1);
    expect(pages[0]).toContain(`Refers to receipt ${number}`);
    expect(pages[0]).toContain('Amount refunded EUR 25.00');
  });
});
