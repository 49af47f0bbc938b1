import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingAnswerSchema, bookingListSchema, bookingSchema, bookingsQuerySchema, BOOKINGS_WINDOW, DomainError, errorResponses, idParamsSchema, lessonNotesSchema, rescheduleSchema } from '@parliamo/domain';
import { bookingById, bookingsOf } from '@parliamo/projections';
import { bookLesson, cancelLesson, rescheduleLesson, writeLessonNotes } from './commands.ts';
import { commandDeps } from '../platform/command.ts';

/** Booking, listing, moving and cancelling lessons; the teacher's notes and homework. */
export default async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/bookings', {
    preValidation: app.requireUser('student'),
    schema: { body: bookingSchema, response: { 201: bookingAnswerSchema, ...errorResponses } },
  }, async (request, reply) => {
    const body = request.body;
    const id = await bookLesson(commandDeps(app), {
      studentId: request.user!.id,
      teacherId: body.teacherId,
      date: body.date,
      hour: body.hour,
      notes: body.notes?.trim() || null,
    });
    return reply.status(201).send(await lessonAnswer(app.pool, id, request.user!.id));
  });

  // The window a screen needs, or (with `before`) a page of earlier lessons: never the whole history.
  app.get('/bookings', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { querystring: bookingsQuerySchema, response: { 200: bookingListSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    const { before, limit } = request.query;
    const range = before ? { before, limit: limit ?? BOOKINGS_WINDOW.PAGE } : { now: app.clock.now() };
    return bookingsOf(app.pool, { id: user.id, role: user.role === 'teacher' ? 'teacher' : 'student' }, range);
  });

  app.delete('/bookings/:id', {
    preValidation: app.requireUser(),
    schema: { params: idParamsSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    await cancelLesson(commandDeps(app), request.params.id, { id: user.id, role: user.role });
    return lessonAnswer(app.pool, request.params.id, user.id);
  });

  // The lesson's student or teacher (an admin is refused by role; someone else's lesson is 404).
  app.post('/bookings/:id/reschedule', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { params: idParamsSchema, body: rescheduleSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    const role = user.role === 'teacher' ? 'teacher' : 'student';
    await rescheduleLesson(commandDeps(app), request.params.id, { id: user.id, role }, request.body);
    return lessonAnswer(app.pool, request.params.id, user.id);
  });

  // Only teachers reach the command (a student or an admin is refused by role, whatever the id, before
  // the body is judged); a teacher who is not the lesson's gets 404 like the other lesson routes.
  const signedIn = app.requireUser();
  app.put('/bookings/:id/teacher-notes', {
    preValidation: async (request, reply) => {
      await signedIn(request, reply);
      if (request.user!.role !== 'teacher') throw new DomainError('forbidden', 'lessons.notesOnlyTeacher');
    },
    schema: { params: idParamsSchema, body: lessonNotesSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    await writeLessonNotes(commandDeps(app), request.params.id, user.id, request.body.text);
    return lessonAnswer(app.pool, request.params.id, user.id);
  });
}


/** A lesson as the signed-in person may see it, for a command's answer. */
export async function lessonAnswer(pool: Parameters<typeof bookingById>[0], id: string, viewerId: string) {
  const booking = await bookingById(pool, id, viewerId);
  if (!booking) throw new DomainError('not_found', 'lessons.notFound');
  return booking;
}
