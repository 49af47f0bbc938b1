import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readModels } from '@parliamo/projections';
import { compareLiveWithRebuild } from '@parliamo/projections/testing';
import { addDays, romeToday } from '@parliamo/domain';
import { adjustHours } from '../../../api/src/packages/commands.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { useTestApp } from '../../../api/src/testing/app.ts';
import { signedIn } from '../../../api/src/testing/users.ts';
import { book, cancel, credit, reschedule, student, teacher } from './fixtures.ts';

const t = useTestApp();

type Step =
  | { kind: 'buy'; s: number; g: number; hours: number }
  | { kind: 'book'; s: number; g: number; day: number; hour: number }
  | { kind: 'cancel'; lesson: number; byTeacher: boolean }
  | { kind: 'move'; lesson: number; byTeacher: boolean; day: number; hour: number }
  | { kind: 'adjust'; pkg: number; delta: number }
  | { kind: 'wait'; days: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), s: fc.nat(2), g: fc.nat(1), hours: fc.integer({ min: 1, max: 3 }) }),
  fc.record({ kind: fc.constant('book' as const), s: fc.nat(2), g: fc.nat(1), day: fc.integer({ min: 2, max: 9 }), hour: fc.integer({ min: 9, max: 11 }) }),
  fc.record({ kind: fc.constant('cancel' as const), lesson: fc.nat(9), byTeacher: fc.boolean() }),
  fc.record({ kind: fc.constant('move' as const), lesson: fc.nat(9), byTeacher: fc.boolean(), day: fc.integer({ min: 2, max: 9 }), hour: fc.integer({ min: 9, max: 11 }) }),
  fc.record({ kind: fc.constant('adjust' as const), pkg: fc.nat(5), delta: fc.constantFrom(-1, 1, 2) }),
  fc.record({ kind: fc.constant('wait' as const), days: fc.integer({ min: 1, max: 70 }) }),
);

describe('read models equal a rebuild from zero (invariant 7)', () => {
  it('for random histories of purchases, bookings, moves, cancellations, adjustments, completions and expiries', async () => {
    const admin = await signedIn(t, 'admin');
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 14 }), async (steps) => {
        t.clock.set('2026-03-02T09:00:00Z');
        const teachers = [await teacher(t), await teacher(t, { firstName: 'Marco' })];
        const students = [await student(t), await student(t, 'Ben'), await student(t, 'Cleo')];
        const packages: string[] = [];
        const lessons: { id: string; g: number; s: number }[] = [];
        for (const x of steps) {
          if (x.kind === 'buy') packages.push(await credit(t, students[x.s]!.id, teachers[x.g]!.id, x.hours));
          if (x.kind === 'book') {
            const date = addDays(romeToday(t.clock.now()), x.day);
            const res = await book(t, students[x.s]!, { teacherId: teachers[x.g]!.id, date, hour: x.hour });
            expect([201, 409]).toContain(res.statusCode);
            if (res.statusCode === 201) lessons.push({ id: res.json().id, g: x.g, s: x.s });
          }
          if (x.kind === 'cancel' && lessons[x.lesson]) {
            const l = lessons[x.lesson]!;
            const res = await cancel(t, x.byTeacher ? teachers[l.g]! : students[l.s]!, l.id);
            expect([200, 409]).toContain(res.statusCode);
          }
          if (x.kind === 'move' && lessons[x.lesson]) {
            const l = lessons[x.lesson]!;
            const res = await reschedule(t, x.byTeacher ? teachers[l.g]! : students[l.s]!, l.id, { date: addDays(romeToday(t.clock.now()), x.day), hour: x.hour });
            expect([200, 409]).toContain(res.statusCode);
          }
          if (x.kind === 'adjust' && packages[x.pkg]) {
            await adjustHours(commandDeps(t.app), { adminId: admin.id, packageId: packages[x.pkg]!, delta: x.delta, reason: 'property test' }).catch((e) => {
              if (e.kind !== 'conflict' && e.kind !== 'invalid') throw e;
            });
          }
          if (x.kind === 'wait') {
            t.clock.advance(x.days * 86_400_000);
            await runLessonTimers(timerDeps(t.app));
          }
        }
        t.clock.advance(200 * 86_400_000); // everything ends: lessons complete, packages expire
        await runLessonTimers(timerDeps(t.app));
        expect(await compareLiveWithRebuild(t.db.pool, t.app.ledger, readModels)).toEqual([]);
      }),
      { numRuns: 6 },
    );
  });
});
