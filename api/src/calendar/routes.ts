import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { calendarFileParamsSchema, calendarTokenSchema, DomainError, errorResponses, icsSchema, teacherDisplayName } from '@parliamo/domain';
import { serverMessages } from '@parliamo/domain/i18n';
import { buildCalendar, lessonSequence } from './ics.ts';
import { personLocale } from '../settings/personal.ts';
import { calendarFeedOwner, saveCalendarFeedToken } from './feed-tokens.ts';
import { calendarLessonsOf } from '@parliamo/projections';

const sha256 = (s: string) => crypto.createHash('sha256').update(s).digest('hex');

/** A private .ics feed of a person's lessons (the last 90 days and what is ahead) at a secret URL; a new secret retires the old URL. */
export default async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.post('/calendar/token', {
    preValidation: app.requireUser('student', 'teacher'),
    schema: { response: { 200: calendarTokenSchema, ...errorResponses } },
  }, async (request) => {
    const token = crypto.randomBytes(24).toString('base64url');
    await saveCalendarFeedToken(app.pool, request.user!.id, sha256(token), app.clock.now());
    return { url: `${app.config.publicUrl}/api/calendar/${token}.ics` };
  });

  app.get('/calendar/:file', { schema: { params: calendarFileParamsSchema, response: { 200: icsSchema, ...errorResponses } } }, async (request, reply) => {
    const m = /^([A-Za-z0-9_-]{20,64})\.ics$/.exec(request.params.file);
    if (!m) throw new DomainError('not_found', 'calendar.notFound');
    const user = await calendarFeedOwner(app.pool, sha256(m[1]!));
    if (!user) throw new DomainError('not_found', 'calendar.notFound');
    // The feed's texts are in its owner's language (their setting), whoever fetches it.
    const t = await serverMessages(await personLocale(app.pool, user.id), 'mails');
    const rows = await calendarLessonsOf(app.pool, { id: user.id, role: user.role === 'teacher' ? 'teacher' : 'student' }, app.clock.now());
    const lessons = rows.map((r) => {
      const status = r.status === 'cancelled' ? ('cancelled' as const) : ('confirmed' as const);
      const teacher = teacherDisplayName(r.t_first ?? '', r.t_last ?? '');
      const student = teacherDisplayName(r.s_first ?? '', r.s_last ?? '');
      return {
        uid: `lesson-${r.id}@parliamo`,
        startsAt: (r.starts_at as Date).toISOString(),
        title: t('calendar.title', { name: user.role === 'teacher' ? student : teacher }),
        description: `${t('calendar.description')}${r.notes ? `\n${t('lesson.notes', { notes: r.notes })}` : ''}`,
        url: r.status === 'cancelled' ? null : r.meeting_link || null,
        status,
        sequence: lessonSequence(r.reschedules, status),
      };
    });
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('cache-control', 'private, no-store')
      .send(buildCalendar(lessons, { method: 'PUBLISH', name: t('calendar.name'), now: app.clock.now() }));
  });
}
