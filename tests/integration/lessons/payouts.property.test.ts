import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, streams } from '@parliamo/domain';
import { payoutsProjection } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { recordPayout } from '../../../api/src/payouts/commands.ts';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, credit, get, student, teacher } from './fixtures.ts';

const t = useTestApp();

/** Lesson i of the day is at 09+i Rome on 5 March 2026 (CET): it ends at 09+i UTC. */
const LESSONS = 5;

describe('teacher payouts over random histories', () => {
  it('earned - paid = payable, never below 0, and both agree with the ledger', async () => {
    const admin = await signedIn(t, 'admin');
    await fc.assert(
      fc.asyncProperty(
        // After each lesson ends (and is completed), some payouts of random amounts (cents).
        fc.array(fc.array(fc.integer({ min: 1, max: 4000 }), { maxLength: 3 }), { minLength: LESSONS, maxLength: LESSONS }),
        async (payoutsAfter) => {
          t.clock.set('2026-03-02T09:00:00Z');
          const g = await teacher(t);
          const s = await student(t);
          await credit(t, s.id, g.id, LESSONS);
          const lessonIds: string[] = [];
          for (let i = 0; i < LESSONS; i++) {
            const res = await book(t, s, { teacherId: g.id, date: '2026-03-05', hour: 9 + i });
            expect(res.statusCode, res.body).toBe(201);
            lessonIds.push(res.json().id);
          }
          let expectedPaid = 0;
          for (const [i, amounts] of payoutsAfter.entries()) {
            // the i-th lesson's report window has closed (24 h after its end)
            t.clock.set(`2026-03-06T${String(9 + i).padStart(2, '0')}:05:00Z`);
            await runLessonTimers(timerDeps(t.app));
            const earnedNow = 2280 * (i + 1);
            for (const amountCents of amounts) {
              try {
                await recordPayout(commandDeps(t.app), { payoutId: crypto.randomUUID(), teacherId: g.id, adminId: admin.id, amountCents, periodEnd: '2026-03-05', reference: `R${i}` });
                expectedPaid += amountCents;
              } catch (e) {
                if (!(e instanceof DomainError) || e.kind !== 'conflict') throw e;
                expect(amountCents).toBeGreaterThan(earnedNow - expectedPaid);
              }
              expect(expectedPaid).toBeLessThanOrEqual(earnedNow);
            }
          }
          const answer = (await get(t, g, '/api/teacher/payouts')).body;
          // The ledger's own figures: the 76 % of each LessonCompleted, the sum of PayoutRecorded.
          let ledgerEarned = 0;
          for (const id of lessonIds) {
            for (const e of await t.app.ledger.readStream(streams.lesson(id))) {
              if (e.type === 'LessonCompleted') ledgerEarned += (e.data as { teacherEarningCents: number }).teacherEarningCents;
            }
          }
          const ledgerPaid = (await t.app.ledger.readStream(streams.payouts(g.id))).reduce((sum, e) => sum + (e.data as { amountCents: number }).amountCents, 0);
          expect(ledgerEarned).toBe(2280 * LESSONS);
          expect(answer.earnedCents).toBe(ledgerEarned);
          expect(answer.paidCents).toBe(ledgerPaid);
          expect(answer.paidCents).toBe(expectedPaid);
          expect(answer.payableCents).toBe(answer.earnedCents - answer.paidCents);
          expect(answer.payableCents).toBeGreaterThanOrEqual(0);
          expect(answer.months[0]?.payableCents ?? 0).toBe(answer.payableCents);
        },
      ),
      { numRuns: 6, seed: 1818 },
    );
    expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, [payoutsProjection])).toEqual([]);
  }, 120_000);
});
