import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  DomainError,
  errorResponses,
  eurosToCents,
  freeSlots,
  idParamsSchema,
  ownFreeSlotsQuerySchema,
  ownTeacherProfileSchema,
  slotListSchema,
  teacherAvailabilityAnswerSchema,
  teacherAvailabilitySchema,
  teacherListSchema,
  teacherProfileSchema,
  teacherSchema,
  type TeacherAvailability,
} from '@parliamo/domain';
import { loadAvailability, saveAvailability } from './availability-store.ts';
import { hourOf, publicFreeSlots, slotRange } from './public-slots.ts';
import { publicTeachers, TEACHERS_ANSWER } from './queries.ts';
import { ownTeacherProfile, saveTeacherProfile, setProfileImageUrl } from './profile-store.ts';
import { teacherTakenSlots } from '@parliamo/projections';
import type { PublicAnswer } from '../platform/http-cache.ts';

/**
 * What a teacher's free slots are read from: the teacher's public data and hours, the slots taken,
 * the booking notice (school settings), the range asked (from today by default) and the hour (hourOf).
 */
const FREE_SLOTS_ANSWER: PublicAnswer = {
  readModels: ['taken-slots', 'school-settings'],
  data: ['people'],
  vary: (request, now) => {
    const { from, to } = slotRange(request.query as { from?: string; to?: string }, now);
    return `${from} ${to} ${hourOf(now)}`;
  },
};

/** Public teacher list and profiles, free slots, and a teacher's own profile and availability. */
export default async function teacherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get('/teachers', {
    config: { publicAnswer: TEACHERS_ANSWER },
    schema: { response: { 200: teacherListSchema, ...errorResponses } },
  }, async () => publicTeachers(app.pool));

  app.get('/teachers/:id', {
    config: { publicAnswer: TEACHERS_ANSWER },
    schema: { params: idParamsSchema, response: { 200: teacherSchema, ...errorResponses } },
  }, async (request) => {
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'common.teacherNotFound');
    return teacher;
  });

  /** A teacher's free slots in the range asked (slotRange's default), `noticeHours` ahead at the earliest. */
  const teacherFreeSlots = async (teacherId: string, availability: TeacherAvailability, query: { from?: string; to?: string }, noticeHours: number) => {
    const now = app.clock.now();
    const { from, to } = slotRange(query, now);
    const taken = await teacherTakenSlots(app.pool, teacherId, from, to);
    return freeSlots({ ...availability, taken, from, to, now, noticeHours });
  };

  app.get('/availabilities', {
    config: { publicAnswer: FREE_SLOTS_ANSWER },
    schema: { querystring: availabilityQuerySchema, response: { 200: slotListSchema, ...errorResponses } },
  }, async (request) => {
    // One round trip for the teacher's hours, the settings and the taken slots (public-slots.ts).
    const answer = await publicFreeSlots(app.pool, app.config, request.query.teacherId, request.query, app.clock.now());
    if (!answer) throw new DomainError('not_found', 'common.teacherNotFound');
    return answer.slots;
  });

  const ownProfile = (id: string) => ownTeacherProfile(app.pool, id);

  const teacher = app.requireUser('teacher');
  const profileAnswer = { 200: ownTeacherProfileSchema, ...errorResponses };
  const availabilityAnswer = { 200: teacherAvailabilityAnswerSchema, ...errorResponses };

  app.get('/teacher/profile', { preValidation: teacher, schema: { response: profileAnswer } }, async (request) => ownProfile(request.user!.id));

  app.put('/teacher/profile', { preValidation: teacher, schema: { body: teacherProfileSchema, response: profileAnswer } }, async (request) => {
    const body = request.body;
    const id = request.user!.id;
    const specializations = [...new Set(body.specializations)];
    const hourlyRateCents = eurosToCents(body.hourlyRate);
    // trialRate absent: the stored one stays, and must still be below the (new) hourly rate.
    const keepTrial = body.trialRate === undefined;
    const trialRateCents = body.trialRate == null ? null : eurosToCents(body.trialRate);
    const saved = await saveTeacherProfile(app.pool, id, {
      bio: body.bio,
      city: body.city,
      country: body.country,
      specializations,
      hourlyRateCents,
      meetingLink: body.googleMeetLink,
      trialRateCents,
      keepTrial,
    });
    if (!saved) throw new DomainError('conflict', 'teachers.trialRateLowerFirst');
    if (body.profileImageUrl !== undefined) await setProfileImageUrl(app.pool, id, body.profileImageUrl);
    return ownProfile(id);
  });

  app.get('/teacher/availability', { preValidation: teacher, schema: { response: availabilityAnswer } }, async (request) =>
    loadAvailability(app.pool, request.user!.id),
  );

  // The teacher's own free slots without the booking notice: where they may move a lesson of theirs
  // (POST /api/bookings/:id/reschedule takes any later slot they offer). Students see /availabilities.
  app.get('/teacher/free-slots', {
    preValidation: teacher,
    schema: { querystring: ownFreeSlotsQuerySchema, response: { 200: slotListSchema, ...errorResponses } },
  }, async (request) => {
    const id = request.user!.id;
    return teacherFreeSlots(id, await loadAvailability(app.pool, id), request.query, 0);
  });

  app.put('/teacher/availability', {
    preValidation: teacher,
    schema: { body: teacherAvailabilitySchema, response: availabilityAnswer },
  }, async (request) => {
    const body = request.body;
    return saveAvailability(app.pool, request.user!.id, body, app.clock.now());
  });
}
