import { decideReview, lessonDecider, reviewDecider, streams, type ReviewCommand, type ReviewedLesson } from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';

/** What a review command needs of the lesson, from its stream. */
function reviewedLesson(lessonId: string, state: { status: ReviewedLesson['status']; booking: { studentId: string; teacherId: string } | null }): ReviewedLesson | null {
  return state.booking ? { lessonId, studentId: state.booking.studentId, teacherId: state.booking.teacherId, status: state.status } : null;
}

/**
 * The lesson's student writes (`edit` false) or edits their review. One read of the lesson and the
 * review streams, one append to the review stream at the revision read: two reviews of the same
 * lesson at once write one, and the other is refused as "already reviewed".
 */
export async function reviewLesson(
  deps: CommandDeps,
  input: { lessonId: string; studentId: string; rating: number; comment: string | null; edit: boolean },
  /** Another moment than now (the demo seed writes history). */
  opts: { now?: Date } = {},
): Promise<boolean> {
  return runCommand(deps, async (session) => {
    const stream = streams.review(input.lessonId);
    const [lesson, review] = await session.loadMany([
      [streams.lesson(input.lessonId), lessonDecider],
      [stream, reviewDecider],
    ] as const);
    const data = { lesson: reviewedLesson(input.lessonId, lesson), studentId: input.studentId, rating: input.rating, comment: input.comment, now: (opts.now ?? deps.clock.now()).toISOString() };
    const command: ReviewCommand = input.edit ? { type: 'EditReview', data } : { type: 'WriteReview', data };
    const events = decideReview(command, review);
    if (!events.length) return { result: null, value: false };
    const metadata = { actorId: input.studentId, command: command.type };
    return { result: await session.append([{ stream, events }], metadata), value: true };
  });
}

/** The lesson's teacher replies to its review (once), or an admin hides it (with a reason). */
export async function answerReview(
  deps: CommandDeps,
  lessonId: string,
  action: { type: 'reply'; teacherId: string; reply: string } | { type: 'hide'; adminId: string; reason: string },
): Promise<void> {
  await runCommand(deps, async (session) => {
    const stream = streams.review(lessonId);
    const review = await session.load(stream, reviewDecider);
    const now = deps.clock.now().toISOString();
    const command: ReviewCommand =
      action.type === 'reply'
        ? { type: 'ReplyToReview', data: { teacherId: action.teacherId, reply: action.reply, now } }
        : { type: 'HideReview', data: { adminId: action.adminId, reason: action.reason, now } };
    const events = decideReview(command, review);
    const actorId = action.type === 'reply' ? action.teacherId : action.adminId;
    return { result: await session.append([{ stream, events }], { actorId, command: command.type }), value: undefined };
  });
}
