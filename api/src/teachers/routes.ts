import type { FastifyInstance } from 'fastify';
import {
  addDays,
  availabilityQuerySchema,
  centsToEuros,
  DomainError,
  eurosToCents,
  freeSlots,
  romeToday,
  teacherAvailabilitySchema,
  teacherProfileSchema,
} from '@parliamo/domain';
import { loadAvailability, publicTeacherAvailability, saveAvailability } from './availability-store.ts';
import { publicTeachers } from './queries.ts';

const DEFAULT_DAYS = 28;

/** Public teacher list and profiles, free slots, and a teacher's own profile and availability. */
export default async function teacherRoutes(app: FastifyInstance) {
  // The most read list of the site (landing page, teacher list): kept as JSON in memory, emptied
  // whenever a person or a teacher profile changes anywhere (see SessionCache.dependentValue).
  const teacherList = app.sessionCache.dependentValue<string>();
  app.get('/teachers', async (_request, reply) => {
    let json = teacherList.get();
    if (json === undefined) {
      const generation = teacherList.begin();
      json = JSON.stringify(await publicTeachers(app.pool));
      teacherList.put(json, generation);
    }
    return reply.type('application/json; charset=utf-8').send(json);
  });

  app.get<{ Params: { id: string } }>('/teachers/:id', async (request) => {
    const [teacher] = await publicTeachers(app.pool, request.params.id);
    if (!teacher) throw new DomainError('not_found', 'Teacher not found');
    return teacher;
  });

  app.get('/availabilities', async (request) => {
    const query = availabilityQuerySchema.parse(request.query);
    const { teacherId } = query;
    const availability = await publicTeacherAvailability(app.pool, teacherId);
    if (!availability) throw new DomainError('not_found', 'Teacher not found');
    const now = app.clock.now();
    const from = query.from ?? romeToday(now);
    const to = query.to ?? addDays(from, DEFAULT_DAYS - 1);
    const taken = await app.pool.query<{ date: string; hour: number }>(
      `SELECT date, hour FROM taken_slots WHERE owner = 'teacher' AND owner_id = $1 AND date BETWEEN $2 AND $3`,
      [teacherId, from, to],
    );
    return freeSlots({ ...availability, taken: taken.rows, from, to, now });
  });

  const ownProfile = async (id: string) => {
    const { rows } = await app.pool.query(
      `SELECT p.bio, p.city, p.country, p.specializations, p.hourly_rate_cents, p.meeting_link, u.profile_image_url
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
      profileImageUrl: r?.profile_image_url ?? null,
      googleMeetLink: r?.meeting_link ?? null,
    };
  };

  app.get('/teacher/profile', { preHandler: app.requireUser('teacher') }, async (request) => ownProfile(request.user!.id));

  app.put('/teacher/profile', { preHandler: app.requireUser('teacher') }, async (request) => {
    const body = teacherProfileSchema.parse(request.body);
    const id = request.user!.id;
    const specializations = [...new Set(body.specializations)];
    await app.pool.query(
      `INSERT INTO teacher_profiles (user_id, bio, city, country, specializations, hourly_rate_cents, meeting_link)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (user_id) DO UPDATE SET bio = EXCLUDED.bio, city = EXCLUDED.city, country = EXCLUDED.country,
         specializations = EXCLUDED.specializations, hourly_rate_cents = EXCLUDED.hourly_rate_cents,
         meeting_link = EXCLUDED.meeting_link`,
      [id, body.bio, body.city, body.country, specializations, eurosToCents(body.hourlyRate), body.googleMeetLink],
    );
    await app.pool.query(`UPDATE users SET profile_image_url = $2 WHERE id = $1`, [id, body.profileImageUrl]);
    return ownProfile(id);
  });

  app.get('/teacher/availability', { preHandler: app.requireUser('teacher') }, async (request) =>
    loadAvailability(app.pool, request.user!.id),
  );

  app.put('/teacher/availability', { preHandler: app.requireUser('teacher'), config: { keepsSessions: true } }, async (request) => {
    const body = teacherAvailabilitySchema.parse(request.body);
    return saveAvailability(app.pool, request.user!.id, body, app.clock.now());
  });
}
