/** Shapes of the API answers the signed-in screens read (docs/api.md). */

export type BookingStatus = 'confirmed' | 'cancelled' | 'completed';

export interface Booking {
  id: string;
  date: string;
  hour: number;
  startsAt: string;
  status: BookingStatus;
  teacherId: string;
  teacherName: string;
  studentId: string;
  studentName: string;
  notes: string | null;
  googleMeetLink: string | null;
}

/** One definition of the public teacher, shared with the public pages. */
export type { Teacher } from '../../lib/teachers.ts';

export interface HourPackage {
  id: string;
  teacherId: string;
  teacherName: string;
  totalHours: number | string;
  remainingHours: number | string;
  purchasedAt: string;
  expiresAt: string;
  status: string;
}

export type HistoryCause = 'purchase' | 'booked' | 'refunded' | 'completed' | 'expired' | 'adjusted' | 'revoked';

export interface HistoryEntry {
  eventId: string;
  at: string;
  cause: HistoryCause;
  delta: number;
  balanceAfter: number;
  lessonId?: string;
  paymentId?: string;
  reason?: string;
}

export interface PackageHistory {
  balanceAsOf?: number;
  entries: HistoryEntry[];
}

export interface DashboardStats {
  remainingHours: number | string;
  lessonsThisMonth: number;
  nextLesson: { date: string; hour: number; teacherName: string } | null;
  totalStudents: number;
  earningsThisMonth?: number;
}

export interface Slot {
  date: string;
  hour: number;
}

export interface TeacherStudent {
  studentId: string;
  name: string;
  hoursLeft: number;
  lessonsDone: number;
  nextLesson: { date: string; hour: number } | string | null;
}

export interface Earnings {
  lessons: { lessonId: string; date: string; priceCents: number; teacherEarningCents: number; commissionCents: number }[];
  months: { month: string; grossCents: number; teacherCents: number; commissionCents: number; lessons: number }[];
}

export type { AdminUserRow as AdminUser, AdminTeacher, Profile } from '@parliamo/domain';

export interface AdminPayment {
  paymentId: string;
  provider: string;
  providerSessionId: string | null;
  providerPaymentId: string | null;
  studentId: string;
  teacherId: string;
  amountCents: number;
  feeCents: number;
  hours: number;
  hoursCredited: number;
  refundedCents: number;
  status: string;
  flags: string[];
}
