import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../api/src/testing/app.ts';
import { book, credit, student, teacher } from '../lessons/fixtures.ts';

// The mail store is down when a lesson is booked (here the dev outbox's table is away, as an SMTP
// server would be). The booking succeeds; its mails go out once the store is back, each once.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function outboxTo(address: string, expected: number): Promise<string[]> {
  // The app's background sender delivers; look until the mails are there (bounded).
  for (let i = 0; i < 200; i++) {
    const { rows } = await t.db.pool.query<{ subject: string }>(`SELECT subject FROM mail_outbox WHERE to_address = $1`, [address]);
    if (rows.length >= expected || i === 199) return rows.map((r) => r.subject);
    await new Promise((r) => setTimeout(r, 50));
  }
  return [];
}

it('a booking made while mail cannot be sent still gets its mails, once each, when it can again', async () => {
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, 1);
  await t.db.pool.query(`ALTER TABLE mail_outbox RENAME TO mail_outbox_away`);
  const res = await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10 });
  await t.db.pool.query(`ALTER TABLE mail_outbox_away RENAME TO mail_outbox`);
  expect(res.statusCode).toBe(201);
  t.clock.advance(60_000); // past the first retry wait
  expect(await outboxTo(s.email, 1)).toEqual(['Lesson booked: Tuesday 10 March 2026, 10:00-11:00 (Rome time)']);
  expect(await outboxTo(g.email, 1)).toEqual(['New lesson: Tuesday 10 March 2026, 10:00-11:00 (Rome time)']);
});
