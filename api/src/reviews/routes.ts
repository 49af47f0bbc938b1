import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DomainError,
  errorResponses,
  idParamsSchema,
  lessonReviewSchema,
  REVIEWS_PAGE_SIZE,
  reviewHideSchema,
  reviewPageQuerySchema,
  reviewPageSchema,
  reviewReplySchema,
  reviewSchema,
  type Role,
  type ErrorCode,
} from '@parliamo/domain';
import { lessonPeople, lessonReview, teacherReviewPage } from '@parliamo/projections';
import { commandDeps } from '../platform/command.ts';
import { publicTeachers, TEACHERS_ANSWER } from '../teachers/queries.ts';
import { answerReview, reviewLesson } from './commands.ts';


/** Reviews of completed lessons (docs/api.md "Reviews"). A review's id is its lesson's id. */
export default async function reviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = app.requireUser();
  /** Signed in with `role`, else 403 with `message` (before the body is judged). */
  const only = (role: Role, message: ErrorCode) => async (request: FastifyRequest, reply: FastifyReply) => {
    await signedIn(request, reply);
    if (request.user!.role !== role) throw new DomainError('forbidden', message);
  };

  /** The lesson's review as its student or teacher sees it; anyone else: 404. */
  const ownLessonReview = async (lessonId: string, viewerId: string) => {
    const lesson = await lessonPeople(app.pool, lessonId);
    if (!lesson || (lesson.student_id !== viewerId && lesson.teacher_id !== viewerId)) throw new DomainError('not_found', 'lessons.notFound');
    return { review: await lessonReview(app.pool, lessonId) };
  };

  app.get('/bookings/:id/review', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { params: idParamsSchema, response: { 200: lessonReviewSchema, ...errorResponses } },
  }, async (request) => ownLessonReview(request.params.id, request.user!.id));

  app.post('/bookings/:id/review', {
    preValidation: only('student', 'reviews.onlyStudent'),
    schema: { params: idParamsSchema, body: reviewSchema, response: { 201: lessonReviewSchema, ...errorResponses } },
  }, async (request, reply) => {
    const { id } = request.params;
    const { rating, comment } = request.body;
    await reviewLesson(commandDeps(app), { lessonId: id, studentId: request.user!.id, rating, comment, edit: false });
    return reply.status(201).send(await ownLessonReview(id, request.user!.id));
  });

  app.put('/bookings/:id/review', {
    preValidation: only('student', 'reviews.onlyStudent'),
    schema: { params: idParamsSchema, body: reviewSchema, response: { 200: lessonReviewSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    const { rating, comment } = request.body;
    await reviewLesson(commandDeps(app), { lessonId: id, studentId: request.user!.id, rating, comment, edit: true });
    return ownLessonReview(id, request.user!.id);
  });

  app.post('/reviews/:id/reply', {
    preValidation: only('teacher', 'reviews.onlyTeacherReplies'),
    schema: { params: idParamsSchema, body: reviewReplySchema, response: { 200: lessonReviewSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    await answerReview(commandDeps(app), id, { type: 'reply', teacherId: request.user!.id, reply: request.body.reply });
    return ownLessonReview(id, request.user!.id);
  });

  app.post('/reviews/:id/hide', {
    preValidation: only('admin', 'reviews.onlySchoolHides'),
    schema: { params: idParamsSchema, body: reviewHideSchema, response: { 200: lessonReviewSchema, ...errorResponses } },
  }, async (request) => {
    const { id } = request.params;
    await answerReview(commandDeps(app), id, { type: 'hide', adminId: request.user!.id, reason: request.body.reason });
    return { review: await lessonReview(app.pool, id) };
  });

  // The teacher's public data, the reviews and their reviewers' names.
  app.get('/teachers/:id/reviews', {
    config: { publicAnswer: TEACHERS_ANSWER },
    schema: { params: idParamsSchema, querystring: reviewPageQuerySchema, response: { 200: reviewPageSchema, ...errorResponses } },
  }, async (request) => {
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'common.teacherNotFound');
    return teacherReviewPage(app.pool, teacher.id, request.query.page, REVIEWS_PAGE_SIZE);
  });
}
