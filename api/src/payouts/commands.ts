import { decidePayout, DomainError, payoutDecider, streams } from '@parliamo/domain';
import { teacherEarnedCents } from '@parliamo/projections';
import { runCommand, type CommandDeps } from '../platform/command.ts';
import { roleOf } from '../accounts/users.ts';

/**
 * An admin records a payout to a teacher. One read of the teacher's payouts stream (what was paid),
 * the earned total from the completed lessons (it only grows, so reading it a moment early can only
 * refuse), one append at the stream's revision: of two payouts at once the second is judged again on
 * the fresh stream and refused if the two together would pass the balance. `payoutId` comes from the
 * request's Idempotency-Key (platform/idempotency-key.ts): a payout recorded under it already is found,
 * not recorded again.
 */
export async function recordPayout(
  deps: CommandDeps,
  input: { payoutId: string; teacherId: string; adminId: string; amountCents: number; periodEnd: string; reference: string },
): Promise<string> {
  if ((await roleOf(deps.db, input.teacherId)) !== 'teacher') throw new DomainError('not_found', 'common.teacherNotFound');
  const { payoutId } = input;
  return runCommand(deps, async (session) => {
    const stream = streams.payouts(input.teacherId);
    const paid = await session.load(stream, payoutDecider);
    const earnedCents = await teacherEarnedCents(deps.db, input.teacherId);
    const events = decidePayout(
      { type: 'RecordPayout', data: { ...input, earnedCents, now: deps.clock.now().toISOString() } },
      paid,
    );
    if (events.length === 0) {
      // Recorded already under this key (maybe by a request still waiting): answer once it shows.
      const recorded = (await deps.ledger.readStream(stream)).find((e) => (e.data as { payoutId?: string }).payoutId === payoutId);
      return { result: recorded ? { position: recorded.position, streams: [], duplicate: true } : null, value: payoutId };
    }
    return { result: await session.append([{ stream, events }], { actorId: input.adminId, command: 'RecordPayout' }), value: payoutId };
  });
}
