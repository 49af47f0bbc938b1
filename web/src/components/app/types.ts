/** Shapes of the API answers the signed-in screens read: the HTTP contracts (domain/src/contracts, docs/api.md). */
export type {
  AdminPayment,
  AdminTeacher,
  AdminUserRow as AdminUser,
  Booking,
  BookingStatus,
  DashboardStats,
  Earnings,
  HistoryCause,
  HistoryEntry,
  HourPackage,
  PackageHistory,
  Profile,
  Slot,
  Teacher,
  TeacherStudent,
} from '@parliamo/domain/contracts';
