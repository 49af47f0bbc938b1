import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE } from '@parliamo/domain/contracts/messages';
import { useTestApp } from '../testing/app.ts';
import { createUser, signedIn, type TestUser } from '../testing/users.ts';
import { messagesForExport } from './personal-data.ts';
import { as, english, purchase } from './test-support.ts';

describe('messages: who may write to whom, limits, contact details, read marks, paging, report, block, erasure', () => {
  const t = useTestApp();
  let admin: TestUser;
  beforeAll(async () => {
    admin = await createUser(t, { role: 'admin' });
  });
  const open = (who: TestUser, body: object) => as(t, who, 'POST', '/api/conversations', body);
  const send = (who: TestUser, id: string, text: string) => as(t, who, 'POST', `/api/conversations/${id}/messages`, { text });
  const page = (who: TestUser, id: string, query = '') => as(t, who, 'GET', `/api/conversations/${id}/messages${query}`);
  const list = async (who: TestUser) => (await as(t, who, 'GET', '/api/conversations')).json();
  const pair = async () => ({ student: await createUser(t), teacher: await createUser(t, { role: 'teacher' }) });

  it('a student writes to an active, approved teacher; the pair keeps one conversation, its messages numbered in order', async () => {
    const { student, teacher } = await pair();
    const first = await open(student, { teacherId: teacher.id, text: 'Buongiorno! Do you teach beginners?' });
    expect(first.statusCode, first.body).toBe(201);
    const { conversation, message } = first.json();
    expect(message).toMatchObject({ seq: 1, from: 'student', text: 'Buongiorno! Do you teach beginners?', attachments: [], erased: false });
    expect(conversation).toMatchObject({ lastSeq: 1, unread: 0, canWrite: true, blocked: false, reported: false, student: { id: student.id }, teacher: { id: teacher.id } });
    const again = await open(student, { teacherId: teacher.id, text: 'And on Saturdays?' });
    expect(again.json()).toMatchObject({ conversation: { id: conversation.id }, message: { seq: 2 } });
    expect((await send(teacher, conversation.id, 'Yes, both.')).json().message).toMatchObject({ seq: 3, from: 'teacher' });
    const seen = (await page(student, conversation.id)).json();
    expect(seen.messages.map((m: { seq: number; text: string }) => [m.seq, m.text])).toEqual([
      [1, 'Buongiorno! Do you teach beginners?'], [2, 'And on Saturdays?'], [3, 'Yes, both.'],
    ]);
  });

  it('refuses whom one may not write to: unapproved or inactive teachers, other teachers\' students, admins writing, strangers reading', async () => {
    const student = await createUser(t);
    const unapproved = await createUser(t, { role: 'teacher', teacher: { isApproved: false } });
    const inactive = await createUser(t, { role: 'teacher', isActive: false });
    expect((await open(student, { teacherId: unapproved.id, text: 'hi' })).json()).toMatchObject({ message: 'No such teacher' });
    expect((await open(student, { teacherId: inactive.id, text: 'hi' })).statusCode).toBe(404);
    expect((await open(student, { teacherId: 'nonsense', text: 'hi' })).statusCode).toBe(404);
    expect((await open(student, { studentId: student.id, text: 'hi' })).json()).toMatchObject({ message: english(MESSAGE.messages.studentsOnlyTeachers) });
    expect((await open(student, { text: 'hi' })).json()).toMatchObject({ message: english(MESSAGE.messages.oneRecipient) });

    const teacher = await createUser(t, { role: 'teacher' });
    const refused = await open(teacher, { studentId: student.id, text: 'Would you like lessons?' });
    expect([refused.statusCode, refused.json().message]).toEqual([403, 'You can write only to your own students']);
    await purchase(t, student.id, teacher.id);
    const opened = await open(teacher, { studentId: student.id, text: 'Welcome! Here is the plan.' });
    expect(opened.statusCode, opened.body).toBe(201);
    const id = opened.json().conversation.id;

    expect((await open(admin, { teacherId: teacher.id, text: 'hi' })).statusCode).toBe(403);
    const stranger = await createUser(t);
    expect((await page(stranger, id)).statusCode).toBe(404);
    expect((await send(stranger, id, 'hello')).statusCode).toBe(404);
    expect((await send(admin, id, 'hello')).statusCode).toBe(403);
    const adminRead = await page(admin, id);
    expect([adminRead.statusCode, adminRead.json().message]).toEqual([403, english(MESSAGE.messages.notReported)]);
  });

  it('a message is 1 to 4,000 characters; a sender may send 20 a minute', async () => {
    const { student, teacher } = await pair();
    const id = (await open(student, { teacherId: teacher.id, text: 'x'.repeat(MESSAGE.maxText) })).json().conversation.id;
    const long = await send(student, id, 'x'.repeat(MESSAGE.maxText + 1));
    expect([long.statusCode, long.json().message]).toEqual([400, 'A message can be at most 4,000 characters']);
    expect((await send(student, id, '   ')).json()).toMatchObject({ message: 'Write a message first' });
    for (let i = 2; i <= MESSAGE.perMinute; i++) expect((await send(student, id, `message ${i}`)).statusCode).toBe(201);
    const fast = await send(student, id, 'one too many');
    expect([fast.statusCode, fast.json().message]).toEqual([429, english(MESSAGE.messages.tooMany)]);
    expect((await send(teacher, id, 'the other person is not limited')).statusCode).toBe(201);
    t.clock.advance(61_000);
    expect((await send(student, id, 'a minute later')).statusCode).toBe(201);
  });

  it('refuses e-mail addresses and phone numbers, both ways, until the student first buys from the teacher', async () => {
    const { student, teacher } = await pair();
    const refused = await open(student, { teacherId: teacher.id, text: 'Write me at anna.rossi@gmail.com' });
    expect([refused.statusCode, refused.json().message]).toEqual([409, english(MESSAGE.messages.contactDetails)]);
    const id = (await open(student, { teacherId: teacher.id, text: 'Hello! Can we talk about lessons?' })).json().conversation.id;
    expect((await send(teacher, id, 'Call me on 333 123 4567')).statusCode).toBe(409);
    expect((await send(teacher, id, 'Lesson on 04/03/2026 at 10.30?')).statusCode).toBe(201);
    const it_ = await as(t, student, 'POST', `/api/conversations/${id}/messages?lang=it`, { text: 'anna.rossi@gmail.com' });
    expect(it_.json().message).toMatch(/^I recapiti/);
    await purchase(t, student.id, teacher.id);
    expect((await send(student, id, 'My number is +39 333 123 4567')).statusCode).toBe(201);
  });

  it('keeps each person\'s read mark; unread counts per conversation and in all', async () => {
    const { student, teacher } = await pair();
    const other = await createUser(t, { role: 'teacher' });
    const id = (await open(student, { teacherId: teacher.id, text: 'one' })).json().conversation.id;
    const id2 = (await open(student, { teacherId: other.id, text: 'to another teacher' })).json().conversation.id;
    await send(student, id, 'two');
    await send(student, id, 'three');
    t.clock.advance(1_000);
    await send(other, id2, 'an answer');
    expect(await list(teacher)).toMatchObject({ unreadTotal: 3, conversations: [{ id, unread: 3, otherReadSeq: 3 }] });
    const studentList = await list(student);
    expect(studentList.unreadTotal).toBe(1);
    expect(studentList.conversations.map((c: { id: string; unread: number }) => [c.id, c.unread])).toEqual([[id2, 1], [id, 0]]);
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/read`, { upTo: 2 })).json()).toEqual({ unreadTotal: 1 });
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/read`, { upTo: 1 })).json()).toEqual({ unreadTotal: 1 }); // never back
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/read`, { upTo: 99 })).json()).toEqual({ unreadTotal: 0 }); // not past the last
    expect((await page(student, id)).json().conversation).toMatchObject({ otherReadSeq: 3, unread: 0 });
    // Answering reads what came before.
    await send(teacher, id, 'four');
    expect((await list(student)).unreadTotal).toBe(2);
    await send(student, id, 'five');
    expect((await list(student)).unreadTotal).toBe(1);
  });

  it('pages a conversation from the newest back with ?before=&limit=, oldest first within a page', async () => {
    const { student, teacher } = await pair();
    await purchase(t, student.id, teacher.id);
    const id = (await open(student, { teacherId: teacher.id, text: 'm1' })).json().conversation.id;
    for (let i = 2; i <= 7; i++) {
      t.clock.advance(5_000);
      await send(i % 2 ? student : teacher, id, `m${i}`);
    }
    const texts = (r: { messages: { text: string }[] }) => r.messages.map((m) => m.text);
    const latest = (await page(student, id, '?limit=3')).json();
    expect([texts(latest), latest.hasMore]).toEqual([['m5', 'm6', 'm7'], true]);
    const older = (await page(student, id, '?before=5&limit=3')).json();
    expect([texts(older), older.hasMore]).toEqual([['m2', 'm3', 'm4'], true]);
    const oldest = (await page(student, id, '?before=2&limit=3')).json();
    expect([texts(oldest), oldest.hasMore]).toEqual([['m1'], false]);
    expect((await page(student, id, '?limit=101')).json()).toMatchObject({ message: 'limit must be a whole number from 1 to 100' });
    expect((await page(student, id, '?before=x')).statusCode).toBe(400);
  });

  it('a report puts the conversation in the admins\' queue, and only then may admins read it', async () => {
    const { student, teacher } = await pair();
    const id = (await open(student, { teacherId: teacher.id, text: 'Hello' })).json().conversation.id;
    await send(teacher, id, 'Something rude');
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/report`, { reason: '' })).json()).toMatchObject({ message: english(MESSAGE.messages.reasonMissing) });
    const reported = await as(t, student, 'POST', `/api/conversations/${id}/report`, { reason: 'Rude language' });
    expect(reported.json()).toMatchObject({ id, reported: true });
    const queue = (await as(t, admin, 'GET', '/api/admin/conversations/reported')).json().reports;
    expect(queue[0]).toMatchObject({ conversation: { id, reported: true, canWrite: false }, reporterId: student.id, reason: 'Rude language' });
    expect((await as(t, student, 'GET', '/api/admin/conversations/reported')).statusCode).toBe(403);
    const read = (await page(admin, id)).json();
    expect(read.messages.map((m: { text: string }) => m.text)).toEqual(['Hello', 'Something rude']);
  });

  it('a block stops the conversation both ways; only the one who blocked may lift it', async () => {
    const { student, teacher } = await pair();
    const id = (await open(student, { teacherId: teacher.id, text: 'Hello' })).json().conversation.id;
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/block`, { blocked: true })).json()).toMatchObject({ blocked: true, blockedByMe: true, canWrite: false });
    for (const who of [student, teacher]) {
      const res = await send(who, id, 'still there?');
      expect([res.statusCode, res.json().message]).toEqual([409, english(MESSAGE.messages.blocked)]);
    }
    expect((await open(student, { teacherId: teacher.id, text: 'again' })).statusCode).toBe(409);
    expect((await as(t, student, 'POST', `/api/conversations/${id}/block`, { blocked: false })).statusCode).toBe(403);
    expect((await as(t, teacher, 'POST', `/api/conversations/${id}/block`, { blocked: false })).json()).toMatchObject({ blocked: false, canWrite: true });
    expect((await send(student, id, 'thanks')).statusCode).toBe(201);
  });

  it('erases what a person wrote with their account; the other sees a deleted user and a closed conversation', async () => {
    const { student, teacher } = await pair();
    const id = (await open(student, { teacherId: teacher.id, text: 'My private story' })).json().conversation.id;
    await send(teacher, id, 'Thank you for telling me');
    const exported = await messagesForExport(t.db.pool, student.id);
    expect(exported).toEqual([expect.objectContaining({ id, role: 'student', otherPersonId: teacher.id, messages: [
      expect.objectContaining({ seq: 1, fromMe: true, text: 'My private story' }),
      expect.objectContaining({ seq: 2, fromMe: false, text: 'Thank you for telling me' }),
    ] })]);
    const erase = await as(t, await signedIn(t, 'admin'), 'POST', `/api/admin/users/${student.id}/erase`);
    expect(erase.statusCode, erase.body).toBe(204);
    const seen = (await page(teacher, id)).json();
    expect(seen.conversation).toMatchObject({ student: { erased: true }, canWrite: false });
    expect(seen.messages.map((m: { text: string; erased: boolean }) => [m.text, m.erased])).toEqual([['', true], ['Thank you for telling me', false]]);
    expect((await send(teacher, id, 'Hello?')).json()).toMatchObject({ message: english(MESSAGE.messages.counterpartErased) });
    expect((await t.db.pool.query(`SELECT count(*)::int AS n FROM messages WHERE body LIKE '%private story%'`)).rows[0].n).toBe(0);
    expect((await messagesForExport(t.db.pool, student.id))[0]!.messages[0]!.text).toBe('');
  });
});
