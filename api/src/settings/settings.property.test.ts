import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, expiresAt, romeToday, type WeeklyHours } from '@parliamo/domain';
import type { RecordedEvent } from '@parliamo/ledger';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, sessionCookie, type TestUser } from '../testing/users.ts';
import { saveAvailability } from '../teachers/availability-store.ts';

// Whatever admins change and whenever, nothing already decided moves: the ledger's earlier events stay
// as they were, every package expires by the validity of its own checkout, every checkout keeps its
// fee and every lesson the notice it was booked under.
const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined });
const ALL_DAY = Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((d) => [d, [8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]])) as WeeklyHours;

type Step =
  | { kind: 'settings'; fee?: number; noticeHours?: number; validityMonths?: number }
  | { kind: 'buy'; hours: number }
  | { kind: 'book'; day: number; hour: number }
  | { kind: 'wait'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record(
    {
      kind: fc.constant('settings' as const),
      fee: fc.constantFrom(0, 2.5, 3, 50),
      noticeHours: fc.constantFrom(0, 24, 48, 168),
      validityMonths: fc.constantFrom(1, 6, 24),
    },
    { requiredKeys: ['kind'] },
  ),
  fc.record({ kind: fc.constant('buy' as const), hours: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('book' as const), day: fc.integer({ min: 0, max: 9 }), hour: fc.integer({ min: 8, max: 20 }) }),
  fc.record({ kind: fc.constant('wait' as const), hours: fc.integer({ min: 1, max: 100 }) }),
);

let admin: TestUser;
let teacher: TestUser;
beforeAll(async () => {
  admin = await createUser(t, { role: 'admin' });
  teacher = await createUser(t, { role: 'teacher', teacher: { hourlyRate: 20 } });
  await saveAvailability(t.db.pool, teacher.id, { weekly: ALL_DAY, daysOff: [] }, t.clock.now());
});

const as = async (who: TestUser) => authHeaders(await sessionCookie(t, who.id));

async function allEvents(): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  for (let batch = await t.app.ledger.readAll(null, 500); batch.length; batch = await t.app.ledger.readAll(batch.at(-1)!.position, 500)) out.push(...batch);
  return out;
}
const plain = (e: RecordedEvent) => JSON.stringify({ id: e.id, stream: e.stream, revision: String(e.revision), type: e.type, data: e.data });

describe('changing the school settings never rewrites what was decided', () => {
  it('keeps history, expiries, fees and notices across any sequence of changes, purchases and bookings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 2, maxLength: 7 }), async (steps) => {
        const student = await createUser(t, { role: 'student' });
        const bought: { packageId: string; feeCents: number; validityMonths: number; at: Date }[] = [];
        const booked: { lessonId: string; noticeHours: number }[] = [];
        for (const s of steps) {
          const before = (await allEvents()).map(plain);
          const site = (await t.app.inject({ method: 'GET', url: '/api/site-config' })).json();
          if (s.kind === 'settings') {
            const { kind: _, ...values } = s;
            const res = await t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: await as(admin), payload: values });
            // A change of nothing is refused (and changes nothing); any other change is taken.
            if (Object.keys(values).length === 0) expect(res.json()).toMatchObject({ message: 'Nothing to change: send at least one setting' });
            expect(res.statusCode, res.body).toBe(Object.keys(values).length === 0 ? 400 : 200);
          } else if (s.kind === 'buy') {
            const res = await t.app.inject({
              method: 'POST', url: '/api/create-checkout-session', headers: await as(student),
              payload: { amount: s.hours * 20 + site.fee, teacherId: teacher.id, totalHours: s.hours },
            });
            expect(res.statusCode, res.body).toBe(200);
            const paymentId = (res.json().checkout_url as string).split('/').pop()!;
            expect((await t.app.inject({ method: 'POST', url: `/api/test-checkout/${paymentId}/pay`, payload: { expressRequest: true }, headers: await as(student) })).statusCode).toBe(200);
            bought.push({ packageId: paymentId, feeCents: Math.round(site.fee * 100), validityMonths: site.validityMonths, at: t.clock.now() });
          } else if (s.kind === 'book') {
            const date = addDays(romeToday(t.clock.now()), s.day);
            const res = await t.app.inject({ method: 'POST', url: '/api/bookings', headers: await as(student), payload: { teacherId: teacher.id, date, hour: s.hour } });
            if (res.statusCode === 201) booked.push({ lessonId: res.json().id, noticeHours: site.noticeHours });
            else expect(res.statusCode, res.body).toBe(409); // too soon, no hours, slot taken: refused, not broken
          } else {
            t.clock.advance(s.hours * 3_600_000);
          }
          // what was there before the step is still there, unchanged
          const after = (await allEvents()).map(plain);
          expect(after.slice(0, before.length)).toEqual(before);
        }
        const packages = (await t.app.inject({ method: 'GET', url: '/api/hour-packages', headers: await as(student) })).json() as { id: string; expiresAt: string }[];
        const { payments } = (await t.app.inject({ method: 'GET', url: '/api/admin/payments?pageSize=100', headers: await as(admin) })).json() as {
          payments: { paymentId: string; feeCents: number }[];
        };
        for (const b of bought) {
          expect(packages.find((p) => p.id === b.packageId)?.expiresAt).toBe(expiresAt(b.at, b.validityMonths).toISOString());
          expect(payments.find((p) => p.paymentId === b.packageId)?.feeCents).toBe(b.feeCents);
        }
        const lessons = (await t.app.inject({ method: 'GET', url: '/api/bookings', headers: await as(student) })).json() as { id: string; noticeHours: number }[];
        for (const l of booked) expect(lessons.find((x) => x.id === l.lessonId)?.noticeHours).toBe(l.noticeHours);
      }),
      { numRuns: 8 },
    );
  });
});
