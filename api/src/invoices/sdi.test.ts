import { beforeAll, describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import { vatSchool } from '@parliamo/domain/invoices/testing';
import { TEST_START, useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';
import { eventually } from '../testing/eventually.ts';
import { useFakeSdi } from '../testing/fake-sdi.ts';
import { SDI_FIRST_RETRY_MS } from './sdi-sender.ts';

type Person = TestUser & { cookie: string };

describe('sending fiscal documents through an SdI intermediary (a fake one over HTTP)', () => {
  const sdi = useFakeSdi();
  const t = useTestApp(() => ({ stripeSecretKey: undefined, stripeWebhookSecret: undefined, sdiUrl: sdi.url, sdiToken: 'token-1' }));
  let student: Person;
  let admin: Person;
  let teacher: TestUser;

  beforeAll(async () => {
    t.clock.set(TEST_START);
    student = await signedIn(t, 'student');
    await t.db.pool.query(`UPDATE users SET first_name = 'Anna', last_name = 'Bianchi', fiscal_code = 'RSSMRA85T10A562S', address = 'Via del Corso 1', city = 'Roma', postal_code = '00186' WHERE id = $1`, [student.id]);
    admin = await signedIn(t, 'admin');
    teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 25 } });
    expect((await t.app.inject({ method: 'PUT', url: '/api/admin/fiscal-profile', headers: authHeaders(admin.cookie), payload: vatSchool })).statusCode).toBe(200);
  });

  async function buy(): Promise<string> {
    const res = await t.app.inject({ method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(student.cookie), payload: { amount: 28, teacherId: teacher.id, totalHours: 1 } });
    const paymentId = res.json().checkout_url.split('/').pop();
    expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, headers: authHeaders(student.cookie) })).statusCode).toBe(200);
    const { rows } = await t.db.pool.query(`SELECT id FROM fiscal_documents WHERE payment_id = $1`, [paymentId]);
    return rows[0].id;
  }
  const row = async (id: string) => (await t.db.pool.query(`SELECT status, sdi_code, sdi_message, attempts, last_error FROM fiscal_documents WHERE id = $1`, [id])).rows[0];
  const statusIs = (id: string, status: string) => async () => (await row(id)).status === status;
  const outcomes = async (id: string) => (await t.app.ledger.readStream(streams.sdi(id))).map((e) => e.data);

  it('RC: delivered, recorded once in the ledger; the file carries its name and the token', async () => {
    sdi.plan.push('RC');
    const id = await buy();
    await eventually(statusIs(id, 'delivered'));
    expect(sdi.received.at(-1)).toMatchObject({ fileName: expect.stringMatching(/^IT12345678903_[0-9A-Z]{5}\.xml$/), authorization: 'Bearer token-1' });
    expect(await outcomes(id)).toEqual([expect.objectContaining({ documentId: id, outcome: 'RC', errorCode: null })]);
  });

  it('MC: not delivered, in the buyer\'s reserved area; asked again later when the intermediary first says "pending"', async () => {
    sdi.plan.push('pending');
    sdi.later.outcome = 'MC';
    const id = await buy();
    await eventually(statusIs(id, 'sending'));
    t.clock.set(new Date(t.clock.now().getTime() + SDI_FIRST_RETRY_MS));
    t.app.pokeSdi();
    await eventually(statusIs(id, 'not_delivered'));
    expect(await outcomes(id)).toEqual([expect.objectContaining({ outcome: 'MC' })]);
  });

  it('NS: rejected with the SdI\'s code and text, shown to the admin; after a fix it is written again and sent', async () => {
    sdi.plan.push({ NS: { code: '00305', text: 'IdFiscaleIVA del cessionario/committente non valido' } });
    const id = await buy();
    await eventually(statusIs(id, 'rejected'));
    expect(await row(id)).toMatchObject({ sdi_code: '00305', sdi_message: 'IdFiscaleIVA del cessionario/committente non valido' });
    const listed = (await t.app.inject({ method: 'GET', url: '/api/admin/invoices?status=rejected', headers: authHeaders(admin.cookie) })).json();
    expect(listed.invoices).toEqual([expect.objectContaining({ id, sdiCode: '00305' })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/invoices/summary', headers: authHeaders(admin.cookie) })).json()).toMatchObject({ rejected: 1 });

    sdi.plan.push('RC');
    const rewrite = await t.app.inject({ method: 'POST', url: '/api/admin/invoices/rewrite', headers: authHeaders(admin.cookie), payload: { ids: [id] } });
    expect(rewrite.json()).toEqual({ ready: 1 });
    t.app.pokeSdi();
    await eventually(statusIs(id, 'delivered'));
    expect((await outcomes(id)).map((o) => (o as { outcome: string }).outcome)).toEqual(['NS', 'RC']);
  });

  it('a file the schema refuses is rejected as the SdI does (00200)', async () => {
    const id = await buy();
    await eventually(statusIs(id, 'delivered'));
    await t.db.pool.query(`UPDATE fiscal_documents SET status = 'ready', next_attempt_at = '-infinity', xml = replace(xml, 'TD01', 'TD99') WHERE id = $1`, [id]);
    t.app.pokeSdi();
    await eventually(statusIs(id, 'rejected'));
    expect((await row(id)).sdi_code).toBe('00200');
  });

  it('an outage loses nothing: transport failures back off and the document is sent when the SdI answers again', async () => {
    sdi.plan.push('down', 'down', 'RC');
    const id = await buy();
    await eventually(async () => (await row(id)).last_error !== null);
    expect(await row(id)).toMatchObject({ status: 'ready', attempts: 1, last_error: 'The intermediary answered 503' });
    // Not due before its backoff: a poke does not send it again.
    t.app.pokeSdi();
    await t.app.sdiSender!.sendDue();
    expect((await row(id)).attempts).toBe(1);
    t.clock.set(new Date(t.clock.now().getTime() + SDI_FIRST_RETRY_MS));
    t.app.pokeSdi();
    await eventually(async () => (await row(id)).attempts === 2);
    t.clock.set(new Date(t.clock.now().getTime() + 2 * SDI_FIRST_RETRY_MS));
    t.app.pokeSdi();
    await eventually(statusIs(id, 'delivered'));
    expect((await row(id)).attempts).toBe(3);
  });
});
