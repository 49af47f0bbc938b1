// The attendance routes in the reliability catalog (routes.ts): check-in, reports and answers by the
// lesson's parties, the person's own record, the admin's dispute queue and decisions. The world's lesson
// is ahead, so the parties' writes answer 409 (check-in not open, too early to report, nothing to answer)
// and the admin's decision 409 (no dispute); tests/integration/lessons/attendance.test.ts covers the rules.
import { disputeDecisionSchema, disputesQuerySchema, reportAnswerSchema, reportSchema } from '@parliamo/domain';
import { ACTORS, type RouteSpec } from './actors.ts';

export const ATTENDANCE_ROUTES: RouteSpec[] = [
  { method: 'POST', route: '/api/bookings/:id/check-in', allowed: ['student', 'teacher'], ledgerWrite: true, path: (c) => `/api/bookings/${c.world.owned.lesson}/check-in` },
  {
    method: 'POST', route: '/api/bookings/:id/report', allowed: ['student', 'teacher'], bodySchema: reportSchema, ledgerWrite: true,
    path: (c) => `/api/bookings/${c.world.owned.lesson}/report`, body: () => ({ kind: 'technical', text: 'Nessun audio' }),
  },
  {
    method: 'POST', route: '/api/bookings/:id/report/answer', allowed: ['student', 'teacher'], bodySchema: reportAnswerSchema, ledgerWrite: true,
    path: (c) => `/api/bookings/${c.world.owned.lesson}/report/answer`, body: () => ({ text: 'Ero presente' }),
  },
  { method: 'GET', route: '/api/attendance', allowed: ['student', 'otherStudent', 'teacher'] },
  { method: 'GET', route: '/api/teachers/:id/attendance', allowed: ACTORS, path: (c) => `/api/teachers/${c.world.people.teacher.id}/attendance` },
  { method: 'GET', route: '/api/admin/disputes', allowed: ['admin'], querySchema: disputesQuerySchema, path: () => '/api/admin/disputes?status=open' },
  {
    method: 'POST', route: '/api/admin/disputes/:lessonId/decision', allowed: ['admin'], bodySchema: disputeDecisionSchema, ledgerWrite: true,
    path: (c) => `/api/admin/disputes/${c.world.owned.lesson}/decision`, body: () => ({ outcome: 'refunded', reason: 'The teacher did not come' }),
  },
];
