import { beforeAll, describe, expect, it } from 'vitest';
import { vatSchool } from '@parliamo/domain/invoices/testing';
import { TEST_START, useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';
import { schemaErrors } from '../testing/fatturapa-schema.ts';
import { commandDeps } from '../platform/command.ts';
import { recordRefund } from '../payments/flow.ts';

type Person = TestUser & { cookie: string };

describe('fiscal documents: an invoice per purchase, a credit note per refund, the admin\'s list and XML', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  let student: Person;
  let admin: Person;
  let teacher: TestUser;

  beforeAll(async () => {
    student = await signedIn(t, 'student');
    await t.db.pool.query(
      `UPDATE users SET first_name = 'Anna', last_name = 'Bianchi', fiscal_code = 'RSSMRA85T10A562S', address = 'Via del Corso 1', city = 'Roma', postal_code = '00186' WHERE id = $1`,
      [student.id],
    );
    admin = await signedIn(t, 'admin');
    teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
  });

  const get = (who: Person | null, url: string) => t.app.inject({ method: 'GET', url, headers: authHeaders(who?.cookie) });
  const putProfile = (payload: object) => t.app.inject({ method: 'PUT', url: '/api/admin/fiscal-profile', headers: authHeaders(admin.cookie), payload });
  async function buy(hours: number): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(student.cookie), payload: { amount: hours * 25 + 3, teacherId: teacher.id, totalHours: hours } });
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().checkout_url.split('/').pop();
    expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, headers: authHeaders(student.cookie) })).statusCode).toBe(200);
    return paymentId;
  }
  const list = async (query = '') => (await get(admin, `/api/admin/invoices${query}`)).json();

  it('keeps a purchase\'s invoice "incomplete" while the school\'s fiscal data is missing, and says what to fill in', async () => {
    t.clock.set(TEST_START);
    const paymentId = await buy(5);
    const { invoices } = await list();
    expect(invoices).toEqual([expect.objectContaining({ kind: 'invoice', paymentId, status: 'incomplete', totalCents: 12800, buyerName: 'Anna Bianchi', fileName: null })]);
    expect(invoices[0].missing).toEqual(['school.name', 'school.partitaIva', 'school.codiceFiscale', 'school.address', 'school.postalCode', 'school.city']);
    expect((await get(admin, `/api/admin/invoices/${invoices[0].id}/xml`)).statusCode).toBe(404);
    const summary = (await get(admin, '/api/admin/invoices/summary')).json();
    expect(summary).toMatchObject({ incomplete: 1, ready: 0, missing: expect.arrayContaining(['school.partitaIva']), quarter: '2026-Q1' });
  });

  it('refuses a fiscal profile with a wrong Partita IVA or codice fiscale checksum, with a message', async () => {
    const wrongPiva = await putProfile({ ...vatSchool, partitaIva: '12345678901' });
    expect(wrongPiva.statusCode).toBe(400);
    expect(wrongPiva.json()).toMatchObject({ code: 'invoices.partitaIvaInvalid', message: 'The Partita IVA is not valid: check its 11 digits' });
    const wrongCf = await putProfile({ ...vatSchool, codiceFiscale: 'RSSMRA85T10A562T' });
    expect(wrongCf.statusCode).toBe(400);
    expect(wrongCf.json()).toMatchObject({ code: 'invoices.codiceFiscaleInvalid', message: 'The codice fiscale is not valid: check its characters' });
  });

  it('writes the waiting invoice once the profile is saved; a refund gets a TD04 credit note naming it; both validate against the XSD', async () => {
    const saved = await putProfile(vatSchool);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().missing).toEqual([]);
    const [invoice] = (await list('?kind=invoice')).invoices;
    expect(invoice).toMatchObject({ status: 'ready', missing: [], fileName: expect.stringMatching(/^IT12345678903_[0-9A-Z]{5}\.xml$/) });

    await recordRefund(commandDeps(t.app), { paymentId: invoice.paymentId, totalRefundedCents: 2500, providerRefundId: 're_1' });
    const [note] = (await list('?kind=credit_note')).invoices;
    expect(note).toMatchObject({ kind: 'credit_note', status: 'ready', totalCents: 2500, paymentId: invoice.paymentId });

    for (const doc of [invoice, note]) {
      const res = await get(admin, `/api/admin/invoices/${doc.id}/xml`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(res.headers['content-disposition']).toContain(doc.fileName);
      expect(schemaErrors(res.body, '1.2.2')).toEqual([]);
    }
    const noteXml = (await get(admin, `/api/admin/invoices/${note.id}/xml`)).body;
    expect(noteXml).toContain(`<DatiFattureCollegate><IdDocumento>${invoice.number}</IdDocumento><Data>2026-03-02</Data></DatiFattureCollegate>`);
    expect((await get(admin, `/api/admin/invoices/${invoice.id}/xml`)).body).toContain('<Descrizione>5 ore di lezione di italiano con Giulia R.</Descrizione>');

    const zip = await get(admin, '/api/admin/invoices/months/2026-03.zip');
    expect(zip.statusCode).toBe(200);
    expect(zip.headers['content-type']).toBe('application/zip');
    expect(zip.rawPayload.includes(Buffer.from(invoice.fileName))).toBe(true);
    expect(zip.rawPayload.includes(Buffer.from(note.fileName))).toBe(true);

    const oss = await get(admin, '/api/admin/invoices/oss/2026-Q1.csv');
    // 128.00 - 25.00 = 103.00 VAT included at 22 %: 104.92 - 20.49 taxable, 23.08 - 4.51 tax.
    expect(oss.body).toContain('IT,84.43,18.57');
  });

  it('gives the student their own documents, paged; another student sees none; filters refuse bad values', async () => {
    const own = (await get(student, '/api/invoices')).json();
    expect(own.invoices.map((d: { kind: string }) => d.kind).sort()).toEqual(['credit_note', 'invoice']);
    expect(own).toMatchObject({ page: 1, hasMore: false });
    const other = await signedIn(t, 'student');
    expect((await get(other, '/api/invoices')).json().invoices).toEqual([]);
    expect((await get(student, '/api/admin/invoices')).statusCode).toBe(403);
    const bad = await get(admin, '/api/admin/invoices?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('status must be one of');
  });

  it('keeps the documents when the student is erased (10-year retention), with the buyer as invoiced', async () => {
    const before = (await list()).invoices;
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${student.id}/erase`, headers: authHeaders(admin.cookie), payload: {} })).statusCode).toBeLessThan(300);
    const after = (await list()).invoices;
    expect(after).toEqual(before);
    expect((await get(admin, `/api/admin/invoices/${after[0].id}/xml`)).body).toContain('<CodiceFiscale>RSSMRA85T10A562S</CodiceFiscale>');
  });
});
