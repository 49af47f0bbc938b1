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
  TRIAL_MESSAGES,
  type TeacherAvailability,
} from '@parliamo/domain';
import { loadAvailability, saveAvailability } from './availability-store.ts';
import { hourOf, publicFreeSlots, slotRange, slotsHour } from './public-slots.ts';
import { publicTeachers } from './queries.ts';
import { ownTeacherProfile, saveTeacherProfile, setProfileImageUrl } from './profile-store.ts';
import { teacherTakenSlots } from '@parliamo/projections';


/** Public teacher list and profiles, free slots, and a teacher's own profile and availability. */
export default async function teacherRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The most read list of the site (landing page, teacher list): kept as JSON in memory, emptied
  // whenever a person or a teacher profile changes anywhere (see SessionCache.dependentValue).
  const teacherList = app.sessionCache.dependentValue<string>();
  app.get('/teachers', { schema: { response: { 200: teacherListSchema, ...errorResponses } } }, async (_request, reply) => {
    // Serialized by the route's serializer (so checked against the contract where answers are checked).
    const json = await teacherList.through(async () => reply.serialize(await publicTeachers(app.pool)) as string);
    // Already JSON: sent as it is (a string with a content type is not serialized again).
    return reply.type('application/json; charset=utf-8').send(json as never);
  });

  app.get('/teachers/:id', { schema: { params: idParamsSchema, response: { 200: teacherSchema, ...errorResponses } } }, async (request) => {
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'Teacher not found');
    return teacher;
  });

  /** A teacher's free slots in the range asked (slotRange's default), `noticeHours` ahead at the earliest. */
  const teacherFreeSlots = async (teacherId: string, availability: TeacherAvailability, query: { from?: string; to?: string }, noticeHours: number) => {
    const now = app.clock.now();
    const { from, to } = slotRange(query, now);
    const taken = await teacherTakenSlots(app.pool, teacherId, from, to);
    return freeSlots({ ...availability, taken, from, to, now, noticeHours });
  };

  // A teacher's free slots as JSON, by range, for the hour they hold in (slotsHour). Emptied for the
  // teacher when their hours, days off or taken slots change anywhere, and wholly when people, the
  // school's rules or a rebuilt read model change, or this process handles a write (SessionCache).
  // At most 8 MB of JSON (a 62-day answer is up to about 25 kB) and 2,000 answers: the ranges come
  // from requests, so a client asking for many must not grow it without end.
  const freeSlotsAnswers = app.sessionCache.calendarCache<{ hour: number; json: string }>({
    maxEntries: 2_000,
    maxWeight: 8 * 1024 * 1024,
    weigh: (answer) => answer.json.length,
  });
  app.get('/availabilities', {
    schema: { querystring: availabilityQuerySchema, response: { 200: slotListSchema, ...errorResponses } },
  }, async (request, reply) => {
    const now = app.clock.now();
    const { teacherId } = request.query;
    const range = slotRange(request.query, now);
    const key = `${range.from}/${range.to}`;
    const kept = freeSlotsAnswers.get(teacherId, key);
    let json = kept && kept.hour === hourOf(now) ? kept.json : undefined;
    if (json === undefined) {
      const generation = freeSlotsAnswers.begin();
      // One round trip for the teacher's hours, the settings and the taken slots (public-slots.ts).
      const answer = await publicFreeSlots(app.pool, app.config, teacherId, range, now);
      if (!answer) throw new DomainError('not_found', 'Teacher not found');
      json = reply.serialize(answer.slots) as string;
      const hour = slotsHour(now, answer.noticeHours);
      if (hour !== null) freeSlotsAnswers.put(teacherId, key, { hour, json }, generation);
    }
    // Already JSON: sent as it is (a string with a content type is not serialized again).
    return reply.type('application/json; charset=utf-8').send(json as never);
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
    if (!saved) throw new DomainError('conflict', `${TRIAL_MESSAGES.rateBelowHourly}: lower or remove the trial rate first`);
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
    config: { keepsSessions: true },
    schema: { body: teacherAvailabilitySchema, response: availabilityAnswer },
  }, async (request) => {
    const body = request.body;
    return saveAvailability(app.pool, request.user!.id, body, app.clock.now());
  });
}
