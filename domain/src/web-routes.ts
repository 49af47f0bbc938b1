/**
 * The web app's pages by path: web/src/routes builds its route table from
 * these, and the server answers 404 for a page path that matches none of them (the web still shows
 * its not-found page). ":name" is one path segment.
 */
export const WEB_ROUTES = {
  home: '/',
  // Signed in
  profile: '/profile',
  settings: '/settings',
  lessonRegistry: '/lesson-registry',
  myHours: '/my-hours',
  book: '/book/:teacherId',
  myStudents: '/my-students',
  teacherProfile: '/teacher/profile',
  adminUsers: '/admin/users',
  adminStudents: '/admin/students',
  adminTeacher: '/admin/teacher/:id',
  adminTeacherEdit: '/admin/teacher/:id/edit',
  adminPayments: '/admin/payments',
  adminLedger: '/admin/ledger',
  adminMails: '/admin/mails',
  adminInvoices: '/admin/invoices',
  adminAnalytics: '/admin/analytics',
  adminSettings: '/admin/settings',
  adminDisputes: '/admin/disputes',
  messages: '/messages',
  conversation: '/messages/:id',
  adminMessages: '/admin/messages',
  // Everyone
  login: '/login',
  register: '/register',
  requestPasswordReset: '/request-password-reset',
  resetPassword: '/reset-password',
  teachers: '/teachers',
  teacher: '/teacher/:id',
  courses: '/courses',
  course: '/courses/:id',
  schoolRome: '/school-rome',
  faq: '/faq',
  aboutUs: '/about-us',
  privacyPolicy: '/privacy-policy',
  termsConditions: '/terms-conditions',
  testCheckout: '/test-checkout/:paymentId',
  paymentSuccess: '/payment-success',
} as const;

const patterns = Object.values(WEB_ROUTES).map((p) => p.split('/').filter(Boolean));

/** Whether a path (without the query) is one of the web app's pages; a trailing slash is allowed. */
export function isWebRoute(pathname: string): boolean {
  const parts = pathname.split('/').filter(Boolean);
  return patterns.some((p) => p.length === parts.length && p.every((seg, i) => (seg.startsWith(':') ? parts[i] !== '' : seg === parts[i])));
}
