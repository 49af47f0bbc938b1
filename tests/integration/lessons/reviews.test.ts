import { describe, expect, it } from 'vitest';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { reviewsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { authHeaders, sessionCookie, signedIn } from '../../../api/src/testing/users.ts';
import { book, cancel, credit, get, send, student, teacher, type Who } from './fixtures.ts';
import { englishError } from '../../../domain/src/test-support.ts';

const t = useTestApp();

const review = (who: Who, id: string, payload: unknown) => send(t, who, 'POST', `/api/bookings/${id}/review`, payload);
const editReview = (who: Who, id: string, payload: unknown) => send(t, who, 'PUT', `/api/bookings/${id}/review`, payload);
const reply = (who: Who, id: string, payload: unknown) => send(t, who, 'POST', `/api/reviews/${id}/reply`, payload);
const hide = (who: Who, id: string, payload: unknown) => send(t, who, 'POST', `/api/reviews/${id}/hide`, payload);

/**
 * Teacher g and student s (Anna Schmidt) with `count` lessons on 2026-03-05 from 09:00 Rome (08:00 UTC),
 * booked on 2 March; completed by the lesson timers at 20:00 UTC unless `complete` is false.
 */
async function lessons(count = 1, complete = true) {
  t.clock.set('2026-03-02T09:00:00Z');
  const g = await teacher(t);
  const s = await student(t);
  await credit(t, s.id, g.id, count);
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 + i });
    expect(res.statusCode, res.body).toBe(201);
    ids.push(res.json().id);
  }
  if (complete) {
    t.clock.set('2026-03-06T20:00:00Z'); // the report window (24 h after the end) has closed
    await runLessonTimers(timerDeps(t.app));
  }
  return { g, s, ids, l: ids[0]! };
}

const teacherOf = async (id: string) => (await get(t, null, `/api/teachers/${id}`)).body;
const listed = async (id: string) => (await get<any[]>(t, null, '/api/teachers')).body.find((x) => x.id === id);

describe('POST /api/bookings/:id/review', () => {
  it('lets the student review a completed lesson once; the teacher gets the rating; the list shows it', async () => {
    const { g, s, l } = await lessons();
    // Read once before, so a cached list would have to be emptied by the review.
    expect(await listed(g.id)).toMatchObject({ rating: null, reviewCount: 0 });
    expect(await teacherOf(g.id)).toMatchObject({ rating: null, reviewCount: 0 });
    expect((await get(t, s, `/api/bookings/${l}/review`)).body).toEqual({ review: null });

    const res = await review(s, l, { rating: 4, comment: '  Very clear explanations.  ' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      review: {
        id: l,
        rating: 4,
        comment: 'Very clear explanations.',
        reviewedAt: '2026-03-06T20:00:00.000Z',
        edited: false,
        editableUntil: '2026-03-13T20:00:00.000Z',
        reply: null,
        hidden: false,
      },
    });
    expect(await listed(g.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(await teacherOf(g.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    // The teacher sees it in the lesson; the public list names the student by first name and last initial.
    expect((await get(t, g, `/api/bookings/${l}/review`)).body.review).toMatchObject({ rating: 4, comment: 'Very clear explanations.' });
    expect((await get(t, null, `/api/teachers/${g.id}/reviews`)).body).toEqual({
      reviews: [{ id: l, reviewerName: 'Anna S.', reviewedAt: '2026-03-06T20:00:00.000Z', edited: false, rating: 4, comment: 'Very clear explanations.', reply: null }],
      page: 1,
      pageSize: 10,
      total: 1,
    });

    const again = await review(s, l, { rating: 5 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(englishError('reviews.alreadyReviewed'));
    expect(await teacherOf(g.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('checks the body: a whole rating 1..5, a comment of at most 1000 characters, nothing else', async () => {
    const { s, l } = await lessons();
    const cases: [unknown, string][] = [
      [{}, 'Choose a rating from 1 to 5'],
      [{ rating: 0 }, 'The rating must be a whole number from 1 to 5'],
      [{ rating: 6 }, 'The rating must be a whole number from 1 to 5'],
      [{ rating: 4.5 }, 'The rating must be a whole number from 1 to 5'],
      [{ rating: '5' }, 'The rating must be a whole number from 1 to 5'],
      [{ rating: 5, comment: 12 }, 'The comment must be text'],
      [{ rating: 5, comment: 'x'.repeat(1001) }, 'The comment can be at most 1000 characters'],
      [{ rating: 5, extra: 1 }, 'Unknown field: extra'],
    ];
    for (const [payload, message] of cases) {
      const res = await review(s, l, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message, JSON.stringify(payload)).toContain(message);
    }
    const ok = await review(s, l, { rating: 5, comment: '   ' });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().review.comment).toBeNull();
  });

  it('is the lesson student\'s alone: teachers and admins 403, another student and unknown ids 404, visitors 401', async () => {
    const { g, l } = await lessons();
    const other = await student(t, 'Ben', 'Okafor');
    const admin = await signedIn(t, 'admin');
    for (const who of [g, admin]) {
      const res = await review(who, l, { rating: 5 });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(englishError('reviews.onlyStudent'));
    }
    const foreign = await review(other, l, { rating: 1 });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Lesson not found');
    expect((await review(other, 'no-such-lesson', { rating: 1 })).statusCode).toBe(404);
    expect((await review(null, l, { rating: 1 })).statusCode).toBe(401);
    // Reading it: the lesson's two people only.
    expect((await get(t, other, `/api/bookings/${l}/review`)).status).toBe(404);
    expect((await get(t, admin, `/api/bookings/${l}/review`)).status).toBe(403);
    expect((await get(t, null, `/api/bookings/${l}/review`)).status).toBe(401);
    expect(await teacherOf(g.id)).toMatchObject({ rating: null, reviewCount: 0 });
  });

  it('refuses a lesson not completed yet, and a cancelled one', async () => {
    const { s, g, ids } = await lessons(2, false);
    t.clock.set('2026-03-05T08:30:00Z'); // during the first lesson
    const early = await review(s, ids[0]!, { rating: 5 });
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toBe(englishError('reviews.notCompleted'));
    expect((await cancel(t, g, ids[1]!)).statusCode).toBe(200);
    const cancelled = await review(s, ids[1]!, { rating: 5 });
    expect(cancelled.statusCode).toBe(403);
    expect(cancelled.json().message).toBe(englishError('reviews.notCompleted'));
  });

  it('writes one review when the student sends two at once', async () => {
    const { g, s, l } = await lessons();
    const cookie = await sessionCookie(t, s.id);
    const [a, b] = await Promise.all(
      [5, 1].map((rating) => t.app.inject({ method: 'POST', url: `/api/bookings/${l}/review`, headers: authHeaders(cookie), payload: { rating } })),
    );
    expect([a!.statusCode, b!.statusCode].sort()).toEqual([201, 409]);
    const events = (await t.app.ledger.readAll(null, 10_000)).filter((e) => e.stream === `review-${l}`);
    expect(events).toHaveLength(1);
    expect((await teacherOf(g.id)).reviewCount).toBe(1);
  });
});

describe('PUT /api/bookings/:id/review', () => {
  it('replaces the review within 7 days, keeps every version in the ledger, refuses later', async () => {
    const { g, s, l } = await lessons();
    expect((await editReview(s, l, { rating: 3 })).json()).toMatchObject({ message: englishError('reviews.notReviewed') });
    await review(s, l, { rating: 2, comment: 'Too fast' });
    t.clock.set('2026-03-13T20:00:00Z'); // exactly 7 days later: still allowed
    const res = await editReview(s, l, { rating: 5, comment: 'On second thought: great' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ rating: 5, comment: 'On second thought: great', edited: true, reviewedAt: '2026-03-06T20:00:00.000Z' });
    expect(await teacherOf(g.id)).toMatchObject({ rating: 5, reviewCount: 1 });
    expect((await get(t, null, `/api/teachers/${g.id}/reviews`)).body.reviews[0]).toMatchObject({ rating: 5, edited: true });

    t.clock.set('2026-03-13T20:00:01Z');
    const late = await editReview(s, l, { rating: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(englishError('reviews.editClosed', { days: 7 }));

    const history = (await t.app.ledger.readAll(null, 10_000)).filter((e) => e.stream === `review-${l}`);
    expect(history.map((e) => [e.type, (e.data as any).rating, (e.data as any).comment])).toEqual([
      ['LessonReviewed', 2, 'Too fast'],
      ['ReviewEdited', 5, 'On second thought: great'],
    ]);
    // The other refusals are the review's.
    const teacherTry = await editReview(g, l, { rating: 1 });
    expect(teacherTry.statusCode).toBe(403);
  });
});

describe('POST /api/reviews/:id/reply', () => {
  it('lets the lesson\'s teacher reply once; the reply shows under the review', async () => {
    const { g, s, l } = await lessons();
    const g2 = await teacher(t, { firstName: 'Marco', lastName: 'Bianchi' });
    const admin = await signedIn(t, 'admin');
    expect((await reply(g, l, { reply: 'Grazie!' })).json()).toMatchObject({ message: 'Review not found' });
    await review(s, l, { rating: 5 });

    const cases: [unknown, string][] = [
      [{}, 'Write the reply first'],
      [{ reply: '  ' }, 'Write the reply first'],
      [{ reply: 'x'.repeat(1001) }, 'The reply can be at most 1000 characters'],
    ];
    for (const [payload, message] of cases) {
      const res = await reply(g, l, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(message);
    }
    for (const who of [s, admin]) {
      const res = await reply(who, l, { reply: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(englishError('reviews.onlyTeacherReplies'));
    }
    expect((await reply(g2, l, { reply: 'x' })).statusCode).toBe(404);

    t.clock.set('2026-03-07T09:00:00Z');
    const res = await reply(g, l, { reply: ' Grazie mille, Anna! ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review.reply).toEqual({ text: 'Grazie mille, Anna!', repliedAt: '2026-03-07T09:00:00.000Z' });
    const again = await reply(g, l, { reply: 'One more thing' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(englishError('reviews.alreadyReplied'));
    expect((await get(t, null, `/api/teachers/${g.id}/reviews`)).body.reviews[0].reply).toEqual({ text: 'Grazie mille, Anna!', repliedAt: '2026-03-07T09:00:00.000Z' });
    expect((await get(t, s, `/api/bookings/${l}/review`)).body.review.reply.text).toBe('Grazie mille, Anna!');
  });
});

describe('POST /api/reviews/:id/hide', () => {
  it('lets an admin hide a review with a reason kept in the ledger; it leaves the list, the rating and the count', async () => {
    const { g, s, ids } = await lessons(2);
    await review(s, ids[0]!, { rating: 1, comment: 'Rude words here' });
    await review(s, ids[1]!, { rating: 4 });
    expect(await teacherOf(g.id)).toMatchObject({ rating: 2.5, reviewCount: 2 });
    const admin = await signedIn(t, 'admin');

    const none = await hide(admin, ids[0]!, { reason: '  ' });
    expect(none.statusCode).toBe(400);
    expect(none.json().message).toBe('Give a reason for hiding the review');
    expect((await hide(admin, ids[0]!, {})).json().message).toBe('Give a reason for hiding the review');
    for (const who of [g, s]) {
      const res = await hide(who, ids[0]!, { reason: 'x' });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(englishError('reviews.onlySchoolHides'));
    }
    expect((await hide(admin, 'no-such-review', { reason: 'x' })).json()).toMatchObject({ message: 'Review not found' });

    const res = await hide(admin, ids[0]!, { reason: 'Insulting language' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ hidden: true });
    expect(JSON.stringify(res.json())).not.toContain('Insulting');
    const again = await hide(admin, ids[0]!, { reason: 'Again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(englishError('reviews.alreadyHidden'));

    expect(await teacherOf(g.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    expect(await listed(g.id)).toMatchObject({ rating: 4, reviewCount: 1 });
    const page = (await get(t, null, `/api/teachers/${g.id}/reviews`)).body;
    expect(page.total).toBe(1);
    expect(page.reviews.map((r: any) => r.id)).toEqual([ids[1]]);
    expect(JSON.stringify(page)).not.toContain('Rude words');
    // The student sees it is hidden (not why), and can no longer change it; nor can the teacher answer it.
    const own = (await get(t, s, `/api/bookings/${ids[0]}/review`)).body.review;
    expect(own.hidden).toBe(true);
    expect(JSON.stringify(own)).not.toContain('Insulting');
    expect((await editReview(s, ids[0]!, { rating: 5 })).json().message).toBe(englishError('reviews.hidden'));
    expect((await reply(g, ids[0]!, { reply: 'x' })).json().message).toBe(englishError('reviews.hidden'));
    // The ledger keeps the reason and who hid it.
    const hiddenEvent = (await t.app.ledger.readAll(null, 10_000)).find((e) => e.type === 'ReviewHidden' && e.stream === `review-${ids[0]}`);
    expect(hiddenEvent?.data).toMatchObject({ lessonId: ids[0], adminId: admin.id, reason: 'Insulting language' });
    // The read model rebuilt from the ledger in one batch (a review, its edit... folded together) equals the live one.
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [reviewsProjection])).toEqual([]);
  });
});

describe('ratings and the review list', () => {
  it('rounds the mean to one decimal and pages the list, newest first, 10 a page', async () => {
    const { g, s, ids } = await lessons(11);
    const ratings = [5, 4, 4, 5, 5, 5, 5, 5, 5, 5, 3];
    for (const [i, id] of ids.entries()) {
      t.clock.set(`2026-03-07T${String(8 + i).padStart(2, '0')}:00:00Z`);
      expect((await review(s, id, { rating: ratings[i] })).statusCode).toBe(201);
    }
    // 51 / 11 = 4.636...
    expect(await teacherOf(g.id)).toMatchObject({ rating: 4.6, reviewCount: 11 });
    const first = (await get(t, null, `/api/teachers/${g.id}/reviews`)).body;
    expect(first).toMatchObject({ page: 1, pageSize: 10, total: 11 });
    expect(first.reviews.map((r: any) => r.id)).toEqual([...ids].reverse().slice(0, 10));
    const second = (await get(t, null, `/api/teachers/${g.id}/reviews?page=2`)).body;
    expect(second.reviews.map((r: any) => r.id)).toEqual([ids[0]]);
    expect((await get(t, null, `/api/teachers/${g.id}/reviews?page=3`)).body).toMatchObject({ reviews: [], total: 11 });
    for (const bad of ['0', 'x', '1.5']) {
      const res = await get(t, null, `/api/teachers/${g.id}/reviews?page=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.message).toBe('page must be a whole number from 1');
    }
    expect((await get(t, null, `/api/teachers/${g.id}/reviews?sort=x`)).body.message).toBe('Unknown query parameter: sort');
    expect((await get(t, null, '/api/teachers/no-such-teacher/reviews')).status).toBe(404);

    // An erased student's reviews stay, no longer signed with their name.
    const admin = await signedIn(t, 'admin');
    const erased = await t.app.inject({ method: 'POST', url: `/api/admin/users/${s.id}/erase`, headers: authHeaders(admin.cookie) });
    expect(erased.statusCode, erased.body).toBeLessThan(300);
    const after = (await get(t, null, `/api/teachers/${g.id}/reviews`)).body;
    expect(after.total).toBe(11);
    expect(new Set(after.reviews.map((r: any) => r.reviewerName))).toEqual(new Set(['A student']));
  });
});
