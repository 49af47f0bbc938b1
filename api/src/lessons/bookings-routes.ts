import type { FastifyInstance } from 'fastify';
import { bookingSchema, DomainError } from '@parliamo/domain';
import { bookLesson, cancelLesson, lessonDeps } from './commands.ts';
import { bookingById, bookingsOf } from '@parliamo/projections';

/** Booking, listing and cancelling lessons. */
export default async function bookingRoutes(app: FastifyInstance) {
  app.post('/bookings', { preHandler: app.requireUser('student'), config: { keepsSessions: true } }, async (request, reply) => {
    const body = bookingSchema.parse(request.body);
    const id = await bookLesson(lessonDeps(app), {
      studentId: request.user!.id,
      teacherId: body.teacherId,
      date: body.date,
      hour: body.hour,
      notes: body.notes?.trim() || null,
    });
    return reply.status(201).send(await bookingById(app.pool, id));
  });

  app.get('/bookings', { preHandler: app.requireUser('student', 'teacher') }, async (request) => {
    const user = request.user!;
    return bookingsOf(app.pool, { id: user.id, role: user.role === 'teacher' ? 'teacher' : 'student' });
  });

  app.delete<{ Params: { id: string } }>('/bookings/:id', { preHandler: app.requireUser(), config: { keepsSessions: true } }, async (request) => {
    const user = request.user!;
    await cancelLesson(lessonDeps(app), request.params.id, { id: user.id, role: user.role });
    const booking = await bookingById(app.pool, request.params.id);
    if (!booking) throw new DomainError('not_found', 'Lesson not found');
    return booking;
  });
}
