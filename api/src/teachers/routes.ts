import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  availabilityQuerySchema,
  centsToEuros,
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
import { hourOf, publicFreeSlots, slotRange } from './public-slots.ts';
import { publicTeachers, TEACHERS_ANSWER } from './queries.ts';
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
    if (!teacher) throw new DomainError('not_found', 'Teacher not found');
    return teacher;
  });

  /** A teacher's free slots in the range asked (slotRange's default), `noticeHours` ahead at the earliest. */
  const teacherFreeSlots = async (teacherId: string, availability: TeacherAvailability, query: { from?: string; to?: string }, noticeHours: number) => {
    const now = app.clock.now();
    const { from, to } = slotRange(query, now);
    const taken = await app.pool.query<{ date: string; hour: number }>(
      `SELECT date, hour FROM taken_slots WHERE owner = 'teacher' AND owner_id = $1 AND date BETWEEN $2 AND $3`,
      [teacherId, from, to],
    );
    return freeSlots({ ...availability, taken: taken.rows, from, to, now, noticeHours });
  };

  app.get('/availabilities', {
    config: { publicAnswer: FREE_SLOTS_ANSWER },
    schema: { querystring: availabilityQuerySchema, response: { 200: slotListSchema, ...errorResponses } },
  }, async (request) => {
    // One round trip for the teacher's hours, the settings and the taken slots (public-slots.ts).
    const answer = await publicFreeSlots(app.pool, app.config, request.query.teacherId, request.query, app.clock.now());
    if (!answer) throw new DomainError('not_found', 'Teacher not found');
    return answer.slots;
  });

  const ownProfile = async (id: string) => {
    const { rows } = await app.pool.query(
      `SELECT p.bio, p.city, p.country, p.specializations, p.hourly_rate_cents, p.trial_rate_cents, p.meeting_link, u.profile_image_url
         FROM users u LEFT JOIN teacher_profiles p ON p.user_id = u.id WHERE u.id = $1`,
      [id],
    );
    const r = rows[0];
    return {
      bio: r?.bio ?? '',
      city: r?.city ?? null,
      country: r?.country ?? null,
      specializations: r?.specializations ?? [],
      hourlyRate: centsToEuros(r?.hourly_rate_cents ?? 0),
      trialRate: r?.trial_rate_cents == null ? null : centsToEuros(r.trial_rate_cents),
      profileImageUrl: r?.profile_image_url ?? null,
      googleMeetLink: r?.meeting_link ?? null,
    };
  };

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
    const { rows } = await app.pool.query(
      `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link, trial_rate_cents)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (user_id) DO UPDATE SET bio = EXCLUDED.bio, city = EXCLUDED.city, country = EXCLUDED.country,
         specializations = EXCLUDED.specializations, hourly_rate_cents = EXCLUDED.hourly_rate_cents,
         meeting_link = EXCLUDED.meeting_link,
         trial_rate_cents = CASE WHEN $9 THEN teacher_profiles.trial_rate_cents ELSE EXCLUDED.trial_rate_cents END
       WHERE NOT $9 OR teacher_profiles.trial_rate_cents IS NULL OR teacher_profiles.trial_rate_cents < EXCLUDED.hourly_rate_cents
       RETURNING user_id`,
      [id, body.bio, body.city, body.country, specializations, hourlyRateCents, body.googleMeetLink, trialRateCents, keepTrial],
    );
    if (rows.length === 0) {
      throw new DomainError('conflict', `${TRIAL_MESSAGES.rateBelowHourly}: lower or remove the trial rate first`);
    }
    if (body.profileImageUrl !== undefined) await app.pool.query(`UPDATE users SET profile_image_url = $2 WHERE id = $1`, [id, body.profileImageUrl]);
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
