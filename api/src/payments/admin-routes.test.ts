import { beforeAll, describe, expect, it } from 'vitest';
import { buyHours } from './demo-purchase.ts';
import { commandDeps } from '../platform/command.ts';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, signedIn, type TestUser } from '../testing/users.ts';

// The admin's payment list: filters, paging, totals and the CSV export with the same filters.
describe('GET /api/admin/payments and /api/admin/payments.csv', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
  let admin: TestUser & { cookie: string };
  let giulia: TestUser;
  let marco: TestUser;
  let anna: TestUser;
  let sly: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    admin = await signedIn(t, 'admin');
    giulia = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi', teacher: { hourlyRate: 30 } });
    marco = await createUser(t, { role: 'teacher', firstName: 'Marco', lastName: 'Bianchi', teacher: { hourlyRate: 40 } });
    anna = await createUser(t, { firstName: 'Anna', lastName: 'Schmidt', email: 'anna.schmidt@example.test' });
    // A name a spreadsheet would run as a formula.
    sly = await createUser(t, { firstName: '=HYPERLINK("http://evil")', lastName: 'Doe, "Jr"' });
    const deps = commandDeps(t.app);
    // 31 Jan 23:30 UTC is already 1 February in Rome.
    const buy = (studentId: string, teacherId: string, hours: number, at: string) =>
      buyHours(deps, { studentId, teacherId, hours, rateCents: teacherId === giulia.id ? 3000 : 4000, at: new Date(at) });
    await buy(anna.id, giulia.id, 5, '2026-01-10T10:00:00Z');
    await buy(anna.id, marco.id, 2, '2026-01-31T23:30:00Z');
    await buy(sly.id, giulia.id, 1, '2026-02-15T09:00:00Z');
    const { rows } = await t.db.pool.query(`SELECT payment_id, student_id, teacher_id, hours FROM payments ORDER BY started_at`);
    [ids.annaGiulia, ids.annaMarco, ids.slyGiulia] = rows.map((r) => r.payment_id);
    // One checkout left unpaid (pending), started by the student herself.
    const cookie = (await signedIn(t, 'student')).cookie;
    const pending = await t.app.inject({
      method: 'POST', url: '/api/create-checkout-session', headers: authHeaders(cookie), payload: { amount: 33, teacherId: giulia.id, totalHours: 1 },
    });
    expect(pending.statusCode).toBe(200);
  });

  const get = (url: string, cookie = admin.cookie) => t.app.inject({ method: 'GET', url, headers: authHeaders(cookie) });

  it('is for admins only', async () => {
    const student = await signedIn(t, 'student');
    for (const url of ['/api/admin/payments', '/api/admin/payments.csv']) {
      expect((await t.app.inject({ method: 'GET', url, headers: authHeaders() })).statusCode).toBe(401);
      expect((await get(url, student.cookie)).statusCode).toBe(403);
    }
  });

  it('pages newest first, with names and totals over every match', async () => {
    const first = await get('/api/admin/payments?pageSize=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ page: 1, pageSize: 2, total: 4, summary: { paid: 3, flagged: 0, takingsCents: 15000 + 300 + 8000 + 300 + 3000 + 300, hoursCredited: 8 } });
    expect(body.payments).toHaveLength(2);
    expect(body.payments[0].status).toBe('pending');
    expect(body.payments[1]).toMatchObject({ paymentId: ids.slyGiulia, studentName: '=HYPERLINK("http://evil") Doe, "Jr"', teacherName: 'Giulia Rossi' });
    const second = (await get('/api/admin/payments?pageSize=2&page=2')).json();
    expect(second.payments.map((p: { paymentId: string }) => p.paymentId)).toEqual([ids.annaMarco, ids.annaGiulia]);
    expect((await get('/api/admin/payments?pageSize=2&page=3')).json()).toMatchObject({ payments: [], total: 4 });
  });

  it('filters by status, teacher, Rome dates and a search on names, emails and ids', async () => {
    const list = async (qs: string) => ((await get(`/api/admin/payments?${qs}`)).json().payments as { paymentId: string }[]).map((p) => p.paymentId);
    expect(await list('status=credited')).toEqual([ids.slyGiulia, ids.annaMarco, ids.annaGiulia]);
    expect(await list(`teacherId=${marco.id}`)).toEqual([ids.annaMarco]);
    // The Marco payment was made on 31 January UTC, 1 February in Rome.
    expect(await list('from=2026-02-01&to=2026-02-01')).toEqual([ids.annaMarco]);
    expect(await list('to=2026-01-31')).toEqual([ids.annaGiulia]);
    expect(await list('search=anna.schmidt@')).toEqual([ids.annaMarco, ids.annaGiulia]);
    expect(await list('search=giulia%20rossi&status=credited')).toEqual([ids.slyGiulia, ids.annaGiulia]);
    expect(await list(`search=${ids.annaGiulia!.slice(0, 8)}`)).toEqual([ids.annaGiulia]);
    expect(await list('search=%25')).toEqual([]);
    const filtered = (await get(`/api/admin/payments?teacherId=${giulia.id}&status=credited`)).json();
    expect(filtered).toMatchObject({ total: 2, summary: { paid: 2, hoursCredited: 6, takingsCents: 15300 + 3300 } });
  });

  it('refuses bad filters with 400 and a message a person understands', async () => {
    const cases: [string, string][] = [
      ['status=lost', 'status must be one of pending, paid, credited, failed, expired, refunded'],
      ['from=2026-02-30', 'Dates are written YYYY-MM-DD and must exist in the calendar'],
      ['from=2026-03-01&to=2026-02-01', '"to" must not be before "from"'],
      ['page=0', 'page must be a whole number from 1 to 100000'],
      ['pageSize=500', 'pageSize must be a whole number from 1 to 100'],
      ['pageSize=abc', 'pageSize must be a whole number from 1 to 100'],
      ['sort=amount', 'Unknown query parameter: sort'],
      ['status=paid&status=credited', 'status must be one of pending, paid, credited, failed, expired, refunded'],
      [`search=${'x'.repeat(101)}`, 'search can be at most 100 characters'],
    ];
    for (const [qs, message] of cases) {
      for (const path of ['/api/admin/payments', '/api/admin/payments.csv']) {
        const res = await get(`${path}?${qs}`);
        expect(res.statusCode, `${path}?${qs}`).toBe(400);
        expect(res.json().message, qs).toContain(message);
      }
    }
  });

  it('exports the same filters as CSV, escaped and safe to open in a spreadsheet', async () => {
    const res = await get(`/api/admin/payments.csv?teacherId=${giulia.id}&status=credited&from=2026-01-01`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="parliamo-payments-from-2026-01-01.csv"');
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe(
      'payment_id,started_rome,confirmed_rome,status,student,student_id,teacher,teacher_id,amount_eur,fee_eur,hours,hours_credited,hours_revoked,refunded_eur,provider,provider_session_id,provider_payment_id,flags',
    );
    expect(lines).toHaveLength(4); // header, two payments, and the empty string after the last CRLF
    expect(lines[3]).toBe('');
    expect(lines[1]).toBe(
      `${ids.slyGiulia},2026-02-15 10:00,2026-02-15 10:00,credited,"'=HYPERLINK(""http://evil"") Doe, ""Jr""",${sly.id},Giulia Rossi,${giulia.id},33.00,3.00,1,1,0,0.00,test,${ids.slyGiulia},,`,
    );
    expect(lines[2]).toBe(
      `${ids.annaGiulia},2026-01-10 11:00,2026-01-10 11:00,credited,Anna Schmidt,${anna.id},Giulia Rossi,${giulia.id},153.00,3.00,5,5,0,0.00,test,${ids.annaGiulia},,`,
    );
  });
});
