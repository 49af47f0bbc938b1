import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { bookingAnswerSchema, bookingListSchema, bookingSchema, DomainError, errorResponses, idParamsSchema } from '@parliamo/domain';
import { bookingById, bookingsOf } from '@parliamo/projections';
import { bookLesson, cancelLesson } from './commands.ts';
import { commandDeps } from '../platform/command.ts';

/** Booking, listing and cancelling lessons. */
export default async function bookingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/bookings', {
    preValidation: app.requireUser('student'),
    config: { keepsSessions: true },
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
    const booking = await bookingById(app.pool, id);
    if (!booking) throw new DomainError('not_found', 'Lesson not found');
    return reply.status(201).send(booking);
  });

  app.get('/bookings', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { response: { 200: bookingListSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    return bookingsOf(app.pool, { id: user.id, role: user.role === 'teacher' ? 'teacher' : 'student' });
  });

  app.delete('/bookings/:id', {
    preValidation: app.requireUser(),
    config: { keepsSessions: true },
    schema: { params: idParamsSchema, response: { 200: bookingAnswerSchema, ...errorResponses } },
  }, async (request) => {
    const user = request.user!;
    await cancelLesson(commandDeps(app), request.params.id, { id: user.id, role: user.role });
    const booking = await bookingById(app.pool, request.params.id);
    if (!booking) throw new DomainError('not_found', 'Lesson not found');
    return booking;
  });
}
