/** Payouts: what the school owes each teacher, and what recording a payout makes stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { AdminPayouts, TeacherPayouts } from '@parliamo/domain/contracts';
import { getJson, type Stale } from '../../lib/queries.ts';

export const payoutQueries = {
  /** The signed-in teacher's payouts: earned, paid and payable, per month. */
  teacherPayouts: () => queryOptions({ queryKey: ['payouts', 'teacher'] as const, queryFn: ({ signal }) => getJson<TeacherPayouts>('/api/teacher/payouts', signal) }),
  /** Every teacher's payable balance, for the admin. */
  adminPayouts: () => queryOptions({ queryKey: ['payouts', 'admin'] as const, queryFn: ({ signal }) => getJson<AdminPayouts>('/api/admin/payouts', signal) }),
};

export const payoutChanges = {
  /** A payout recorded: the balances the admin and the teacher see. */
  payoutRecorded: ['payouts'],
} as const satisfies Record<string, Stale>;
