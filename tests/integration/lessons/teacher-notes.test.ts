import { describe, expect, it } from 'vitest';
import { mailReaction } from '../../../api/src/mail/reaction.ts';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp, type TestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, cancel, credit, get, mailsTo, send, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp();

const writeNotes = (t: TestApp, who: Who, id: string, payload: unknown) => send(t, who, 'PUT', `/api/bookings/${id}/teacher-notes`, payload);

/** A lesson of teacher g with student s on 2026-03-05 09:00 Rome (08:00 UTC), booked on 2 March. */
async function lesson() {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, 2);
  const l = (await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 })).json();
  return { g, s, l };
}

const notesOf = async (who: Who, id: string) => (await get<any[]>(t, who, '/api/bookings')).body.find((b) => b.id === id)?.teacherNotes;

describe('PUT /api/bookings/:id/teacher-notes', () => {
  it('lets the teacher write notes from the start on; the student reads them and gets a mail per version', async () => {
    const { g, s, l } = await lesson();
    t.clock.set('2026-03-05T07:59:59Z'); // one second before the start
    const early = await writeNotes(t, g, l.id, { text: 'Homework: page 12' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(englishError('lessons.notesBeforeStart'));
    expect(await notesOf(s, l.id)).toBeNull();

    t.clock.set('2026-03-05T08:20:00Z'); // during the lesson
    const during = await writeNotes(t, g, l.id, { text: '  Homework: page 12  ' });
    expect(during.statusCode).toBe(200);
    expect(during.json().teacherNotes).toEqual({ text: 'Homework: page 12', updatedAt: '2026-03-05T08:20:00.000Z' });
    expect(await notesOf(s, l.id)).toEqual({ text: 'Homework: page 12', updatedAt: '2026-03-05T08:20:00.000Z' });

    // After the lesson (completed by the timers) the text is replaced; the same text again writes nothing.
    t.clock.set('2026-03-06T10:00:00Z');
    await runLessonTimers(timerDeps(t.app));
    const after = await writeNotes(t, g, l.id, { text: 'Homework: pages 12 and 13' });
    expect(after.json()).toMatchObject({ status: 'completed', teacherNotes: { text: 'Homework: pages 12 and 13', updatedAt: '2026-03-06T10:00:00.000Z' } });
    t.clock.set('2026-03-06T11:00:00Z');
    const same = await writeNotes(t, g, l.id, { text: 'Homework: pages 12 and 13' });
    expect(same.json().teacherNotes.updatedAt).toBe('2026-03-06T10:00:00.000Z');
    expect(await notesOf(g, l.id)).toEqual({ text: 'Homework: pages 12 and 13', updatedAt: '2026-03-06T10:00:00.000Z' });

    // One mail per written version, to the student only; none to the teacher.
    const mails = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Notes from your lesson'));
    expect(mails.map((m) => m.subject)).toEqual(['Notes from your lesson with Giulia R.', 'Notes from your lesson with Giulia R.']);
    expect(mails[1]!.text_body).toContain('Homework: pages 12 and 13');
    expect(mails[1]!.text_body).toContain('Thursday 5 March 2026, 09:00-10:00 (Rome time)');
    expect((await mailsTo(t, g.email)).some((m) => m.subject.startsWith('Notes from'))).toBe(false);

    // A replay of the mail reaction (a rebuild, a lost checkpoint) queues nothing new.
    const events = await t.app.ledger.readAll(null, 10_000);
    const client = await t.db.pool.connect();
    try {
      await mailReaction.apply(client, events as never, {});
    } finally {
      client.release();
    }
    const { rows } = await t.db.pool.query(`SELECT count(*)::int AS n FROM mail_queue WHERE kind = 'lesson-notes' AND ref = $1`, [l.id]);
    expect(rows[0].n).toBe(2);
    expect((await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Notes from your lesson'))).toHaveLength(2);
  });

  it('checks the text: trimmed, 1 to 4000 characters, nothing else', async () => {
    const { g, l } = await lesson();
    t.clock.set('2026-03-05T09:00:00Z');
    const cases: [unknown, string][] = [
      [{ text: '   ' }, 'Write the notes first'],
      [{}, 'Write the notes first'],
      [{ text: 12 }, 'Notes must be text'],
      [{ text: 'x'.repeat(4001) }, 'Notes can be at most 4000 characters'],
      [{ text: 'ok', extra: 1 }, 'Unknown field: extra'],
    ];
    for (const [payload, message] of cases) {
      const res = await writeNotes(t, g, l.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toContain(message);
    }
    expect((await writeNotes(t, g, l.id, { text: ` ${'x'.repeat(4000)} ` })).statusCode).toBe(200);
  });

  it('is the lesson teacher\'s alone: the student and admins 403, other teachers and unknown ids 404, visitors 401', async () => {
    const { g, s, l } = await lesson();
    t.clock.set('2026-03-05T09:00:00Z');
    const other = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    const admin = await signedIn(t, 'admin');
    const own = await writeNotes(t, s, l.id, { text: 'I did my homework' });
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(englishError('lessons.notesOnlyTeacher'));
    expect((await writeNotes(t, admin, l.id, { text: 'x' })).statusCode).toBe(403);
    const foreign = await writeNotes(t, other, l.id, { text: 'x' });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Lesson not found');
    expect((await writeNotes(t, g, 'no-such-lesson', { text: 'x' })).statusCode).toBe(404);
    expect((await writeNotes(t, null, l.id, { text: 'x' })).statusCode).toBe(401);
    expect(await notesOf(s, l.id)).toBeNull();
  });

  it('refuses a cancelled lesson', async () => {
    const { g, l } = await lesson();
    t.clock.set('2026-03-05T07:00:00Z');
    expect((await cancel(t, g, l.id)).statusCode).toBe(200);
    t.clock.set('2026-03-05T09:00:00Z');
    const res = await writeNotes(t, g, l.id, { text: 'x' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(englishError('lessons.notesOnCancelled'));
  });

  it('shows the notes to nobody but the lesson\'s student and teacher', async () => {
    const { g, s, l } = await lesson();
    const s2 = await student(t, 'Ben', 'Okafor');
    const g2 = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    await credit(t, s2.id, g.id, 1);
    const l2 = (await book(t, s2, { teacherId: g.id, date: '2026-03-05', hour: 10 })).json();
    t.clock.set('2026-03-05T09:30:00Z');
    expect((await writeNotes(t, g, l.id, { text: 'Private homework for Anna' })).statusCode).toBe(200);

    // The other student's and the other teacher's lists hold no trace of them.
    for (const who of [s2, g2]) {
      const list = await get<any[]>(t, who, '/api/bookings');
      expect(list.body.some((b) => b.id === l.id)).toBe(false);
      expect(JSON.stringify(list.body)).not.toContain('Private homework');
    }
    // The teacher's list shows them on Anna's lesson only.
    const teacherList = (await get<any[]>(t, g, '/api/bookings')).body;
    expect(teacherList.find((b) => b.id === l2.id).teacherNotes).toBeNull();
    expect(teacherList.find((b) => b.id === l.id).teacherNotes.text).toBe('Private homework for Anna');
    // An admin who cancels the lesson gets it back without the notes.
    const admin = await signedIn(t, 'admin');
    const cancelled = await cancel(t, admin, l.id);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().teacherNotes).toBeNull();
    // The lesson route refuses the others (a student or teacher of another lesson).
    expect((await cancel(t, s2, l.id)).statusCode).toBe(404);
    expect((await writeNotes(t, g2, l.id, { text: 'x' })).statusCode).toBe(404);
    expect(await notesOf(s, l.id)).toMatchObject({ text: 'Private homework for Anna' });
  });
});
