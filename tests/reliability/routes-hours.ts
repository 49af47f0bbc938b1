// The hours, lessons and teacher routes for the route catalog, with the things `student`
// owns that the others must not reach: a package with the teacher, lessons, a calendar feed.
import {
  adminInvoiceQuerySchema,
  adminPaymentQuerySchema,
  analyticsQuerySchema,
  adjustmentSchema,
  availabilityQuerySchema,
  ownFreeSlotsQuerySchema,
  ownInvoiceQuerySchema,
  bookingSchema,
  bookingsQuerySchema,
  teacherStudentQuerySchema,
  checkoutSchema,
  earningsQuerySchema,
  fiscalProfileSchema,
  invoiceRewriteSchema,
  lessonNotesSchema,
  payoutSchema,
  ledgerQuerySchema,
  packageHistoryQuerySchema,
  testCheckoutPaySchema,
  reviewHideSchema,
  reviewPageQuerySchema,
  reviewReplySchema,
  reviewSchema,
  refundSchema,
  rescheduleSchema,
  teacherAvailabilitySchema,
  teacherProfileSchema,
} from '@parliamo/domain';
import { vatSchool } from '@parliamo/domain/invoices/testing';
import { sessionClient, sleep } from './harness.ts';
import { creditHours, futureSlots, RATE_CENTS, refundPurchase, WEEKLY } from './lessons.ts';
import { ACTORS, SIGNED_IN, type CallContext, type RouteSpec, type World } from './actors.ts';

let server: { url: string };
const slots = futureSlots(400, 6);
let nextSlot = 0;
const slot = () => slots[nextSlot++ % slots.length]!;

/** Books a fresh lesson for `student` with `teacher` over HTTP; returns its id. */
async function newLesson(world: World): Promise<string> {
  const c = await sessionClient(server, world.pool, world.people.student.id);
  const res = await c.post('/api/bookings', { teacherId: world.people.teacher.id, ...slot() });
  if (res.status !== 201) throw new Error(`fixture booking failed: ${res.status} ${res.text}`);
  return res.json.id;
}

/** Gives the World's teacher availability, and its student a package with that teacher and a lesson. */
export async function prepareHours(world: World, s: { url: string }): Promise<void> {
  server = s;
  const teacher = await sessionClient(server, world.pool, world.people.teacher.id);
  const av = await teacher.put('/api/teacher/availability', { weekly: WEEKLY, daysOff: [] });
  if (av.status !== 200) throw new Error(`availability: ${av.status} ${av.text}`);
  const student = await sessionClient(server, world.pool, world.people.student.id);
  // The school's fiscal data and the student's address, so the purchases' invoices get their XML.
  await world.pool.query(`INSERT INTO school_fiscal_profile (profile) VALUES ($1) ON CONFLICT (id) DO UPDATE SET profile = EXCLUDED.profile`, [JSON.stringify(vatSchool)]);
  await world.pool.query(`UPDATE users SET fiscal_code = 'RSSMRA85T10A562S', address = 'Via del Corso 1', city = 'Roma', postal_code = '00186' WHERE id = $1`, [world.people.student.id]);
  world.owned.package = await creditHours(world.pool, { id: world.people.student.id, client: student }, world.people.teacher.id, 30);
  world.owned.lesson = await newLesson(world);
  // A purchase refunded in full: it has a receipt and a credit note (a package's id is its payment's).
  const refunded = await creditHours(world.pool, { id: world.people.student.id, client: student }, world.people.teacher.id, 1);
  await refundPurchase(world.pool, refunded, RATE_CENTS + 300);
  for (let i = 0; i < 300 && (await student.get(`/api/payments/${refunded}/credit-note.pdf`)).status !== 200; i++) await sleep(50);
  world.owned.refundedPayment = refunded;
}

/** The student's calendar feed path (a new secret each time: making one voids the last). */
async function calendarFeed(world: World): Promise<string> {
  const student = await sessionClient(server, world.pool, world.people.student.id);
  const feed = await student.post('/api/calendar/token');
  if (feed.status !== 200) throw new Error(`calendar token: ${feed.status} ${feed.text}`);
  return new URL(feed.json.url).pathname;
}

const ownLessons = (json: any, c: CallContext) => {
  for (const b of json) if (b.studentId !== c.as?.id && b.teacherId !== c.as?.id) throw new Error(`lists lesson ${b.id} of someone else`);
};
const ownPackages = (json: any, c: CallContext) => {
  if (c.as?.id !== c.world.people.student.id && json.some((p: { id: string }) => p.id === c.world.owned.package)) throw new Error('lists another student\'s package');
};

const ownInvoices = (json: any, c: CallContext) => {
  if (c.as?.id !== c.world.people.student.id && json.invoices.some((r: { paymentId: string }) => r.paymentId === c.world.owned.package)) throw new Error('lists another student\'s invoice');
};
/** A document of the World's student that has its XML (the profile is filled before the purchases). */
async function writtenInvoice(world: World): Promise<string> {
  const { rows } = await world.pool.query(`SELECT id FROM fiscal_documents WHERE xml IS NOT NULL AND student_id = $1 LIMIT 1`, [world.people.student.id]);
  if (!rows[0]) throw new Error('fixture: no invoice with its XML');
  return rows[0].id;
}

const ownReceipts = (json: any, c: CallContext) => {
  if (c.as?.id !== c.world.people.student.id && json.some((r: { paymentId: string }) => r.paymentId === c.world.owned.package)) throw new Error('lists another student\'s receipt');
};

/** A new test-checkout purchase of `student` (not paid yet); returns its payment id. */
async function newPurchase(world: World): Promise<string> {
  const c = await sessionClient(server, world.pool, world.people.student.id);
  const res = await c.post('/api/create-checkout-session', { amount: 33, teacherId: world.people.teacher.id, totalHours: 1 });
  if (res.status !== 200) throw new Error(`fixture checkout failed: ${res.status} ${res.text}`);
  return decodeURIComponent(res.json.checkout_url.split('/').pop());
}

/** Payments: the local test checkout (no STRIPE_SECRET_KEY); the webhook has its own suite. */
export const PAYMENT_ROUTES: RouteSpec[] = [
  {
    method: 'POST', route: '/api/create-checkout-session', allowed: ['student', 'otherStudent'], bodySchema: checkoutSchema, ledgerWrite: true,
    body: (c) => ({ amount: 33, teacherId: c.world.people.teacher.id, totalHours: 1 }),
  },
  { method: 'GET', route: '/api/test-checkout/:paymentId', allowed: ['student'], path: async (c) => `/api/test-checkout/${await newPurchase(c.world)}` },
  { method: 'POST', route: '/api/test-checkout/:paymentId/pay', allowed: ['student'], ledgerWrite: true, bodySchema: testCheckoutPaySchema, body: () => ({ expressRequest: true }), path: async (c) => `/api/test-checkout/${await newPurchase(c.world)}/pay` },
  { method: 'POST', route: '/api/test-checkout/:paymentId/cancel', allowed: ['student'], ledgerWrite: true, path: async (c) => `/api/test-checkout/${await newPurchase(c.world)}/cancel` },
  // The test checkout's session id is the payment id.
  { method: 'GET', route: '/api/payments/:sessionId', allowed: ['student'], path: async (c) => `/api/payments/${await newPurchase(c.world)}` },
  // Whether the signed-in student may buy the teacher's trial lesson (any student may ask).
  { method: 'GET', route: '/api/teachers/:id/trial', allowed: ['student', 'otherStudent'], path: (c) => `/api/teachers/${c.world.people.teacher.id}/trial` },
  { method: 'GET', route: '/api/admin/payments', allowed: ['admin'], querySchema: adminPaymentQuerySchema },
  // Receipts: the payer's and the admins' only (a package's id is its payment's id).
  { method: 'GET', route: '/api/receipts', allowed: ['student', 'otherStudent'], own: ownReceipts },
  { method: 'GET', route: '/api/payments/:paymentId/receipt.pdf', allowed: ['student', 'admin'], path: (c) => `/api/payments/${c.world.owned.package}/receipt.pdf` },
  { method: 'GET', route: '/api/payments/:paymentId/credit-note.pdf', allowed: ['student', 'admin'], path: (c) => `/api/payments/${c.world.owned.refundedPayment}/credit-note.pdf` },
  { method: 'GET', route: '/api/admin/payments.csv', allowed: ['admin'], querySchema: adminPaymentQuerySchema },
  { method: 'GET', route: '/api/admin/ledger-balance', allowed: ['admin'] },
  // The world's own package: an admin refunds one of its unused hours (local test mode: at once).
  {
    method: 'POST', route: '/api/admin/payments/:id/refund', allowed: ['admin'], bodySchema: refundSchema, ledgerWrite: true,
    path: (c) => `/api/admin/payments/${c.world.owned.package}/refund`, body: () => ({ hours: 1, reason: 'Route catalog check' }),
  },
];

/** The address of a photo of the world's teacher, stored straight in the table the upload writes. */
async function storedPhoto(world: World): Promise<string> {
  const hash = 'feedc0de'.repeat(4);
  await world.pool.query(
    `INSERT INTO profile_photos (user_id, hash, content_type, bytes, uploaded_at) VALUES ($1, $2, 'image/webp', $3, now())
     ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash`,
    [world.people.teacher.id, hash, Buffer.from('RIFF')],
  );
  return `/api/photos/${hash}.webp`;
}

export const HOURS_ROUTES: RouteSpec[] = [
  { method: 'GET', route: '/api/teachers', allowed: ACTORS },
  { method: 'GET', route: '/api/teachers/:id', allowed: ACTORS, path: (c) => `/api/teachers/${c.world.people.teacher.id}` },
  {
    method: 'GET', route: '/api/availabilities', allowed: ACTORS, querySchema: availabilityQuerySchema,
    path: (c) => `/api/availabilities?teacherId=${c.world.people.teacher.id}`,
  },
  { method: 'GET', route: '/api/teacher/profile', allowed: ['teacher'] },
  {
    method: 'PUT', route: '/api/teacher/profile', allowed: ['teacher'], bodySchema: teacherProfileSchema,
    body: () => ({ bio: 'Insegno italiano.', city: 'Roma', country: 'Italy', specializations: ['Grammar'], hourlyRate: 30, profileImageUrl: null, googleMeetLink: 'https://meet.google.com/abc-defg-hij' }),
  },
  // Photos: the teacher's own (or any teacher's, for an admin). The matrix sends no file: an allowed caller gets 400.
  { method: 'POST', route: '/api/teachers/:id/photo', allowed: ['teacher', 'admin'], path: (c) => `/api/teachers/${c.world.people.teacher.id}/photo` },
  { method: 'DELETE', route: '/api/teachers/:id/photo', allowed: ['teacher', 'admin'], path: (c) => `/api/teachers/${c.world.people.teacher.id}/photo` },
  { method: 'GET', route: '/api/photos/:name', allowed: ACTORS, path: (c) => storedPhoto(c.world) },
  { method: 'GET', route: '/api/teacher/availability', allowed: ['teacher'] },
  { method: 'GET', route: '/api/teacher/free-slots', allowed: ['teacher'], querySchema: ownFreeSlotsQuerySchema },
  { method: 'PUT', route: '/api/teacher/availability', allowed: ['teacher'], bodySchema: teacherAvailabilitySchema, body: () => ({ weekly: WEEKLY, daysOff: [] }) },
  {
    method: 'POST', route: '/api/bookings', allowed: ['student', 'otherStudent'], bodySchema: bookingSchema, ledgerWrite: true,
    body: (c) => ({ teacherId: c.world.people.teacher.id, ...slot(), notes: 'Vorrei parlare di cucina.' }),
  },
  { method: 'GET', route: '/api/bookings', allowed: ['student', 'otherStudent', 'teacher'], own: ownLessons, querySchema: bookingsQuerySchema },
  // The lesson's student, its teacher and an admin may cancel it; another student gets 404.
  { method: 'DELETE', route: '/api/bookings/:id', allowed: ['student', 'teacher', 'admin'], ledgerWrite: true, path: async (c) => `/api/bookings/${await newLesson(c.world)}` },
  // The lesson's student or teacher moves it (a fresh lesson each time); an admin gets 403, another student 404.
  {
    method: 'POST', route: '/api/bookings/:id/reschedule', allowed: ['student', 'teacher'], bodySchema: rescheduleSchema, ledgerWrite: true,
    path: async (c) => `/api/bookings/${await newLesson(c.world)}/reschedule`, body: () => slot(),
  },
  // Only the lesson's teacher (the lesson is ahead, so it answers 409 "once the lesson has started").
  {
    method: 'PUT', route: '/api/bookings/:id/teacher-notes', allowed: ['teacher'], bodySchema: lessonNotesSchema, ledgerWrite: true,
    path: (c) => `/api/bookings/${c.world.owned.lesson}/teacher-notes`, body: () => ({ text: 'Compiti: pagina 12.' }),
  },
  // Reviews: the world's lesson is ahead, so nobody may review it yet: its student gets 403 "once it has been
  // completed", the others 403 (role) or 404 (someone else's lesson); tests/integration/lessons/reviews.test.ts
  // covers a completed lesson.
  { method: 'GET', route: '/api/bookings/:id/review', allowed: ['student', 'teacher'], path: (c) => `/api/bookings/${c.world.owned.lesson}/review` },
  {
    method: 'POST', route: '/api/bookings/:id/review', allowed: [], bodySchema: reviewSchema, ledgerWrite: true,
    path: (c) => `/api/bookings/${c.world.owned.lesson}/review`, body: () => ({ rating: 5, comment: 'Bravissima!' }),
  },
  {
    method: 'PUT', route: '/api/bookings/:id/review', allowed: [], bodySchema: reviewSchema, ledgerWrite: true,
    path: (c) => `/api/bookings/${c.world.owned.lesson}/review`, body: () => ({ rating: 4 }),
  },
  { method: 'GET', route: '/api/teachers/:id/reviews', allowed: ACTORS, querySchema: reviewPageQuerySchema, path: (c) => `/api/teachers/${c.world.people.teacher.id}/reviews` },
  // The world holds no completed lesson, so no review: the lesson's teacher (reply) and admins (hide)
  // get 404 "Review not found" like everyone else; tests/integration/lessons/reviews.test.ts covers them.
  {
    method: 'POST', route: '/api/reviews/:id/reply', allowed: [], bodySchema: reviewReplySchema,
    path: (c) => `/api/reviews/${c.world.owned.lesson}/reply`, body: () => ({ reply: 'Grazie!' }),
  },
  {
    method: 'POST', route: '/api/reviews/:id/hide', allowed: [], bodySchema: reviewHideSchema,
    path: (c) => `/api/reviews/${c.world.owned.lesson}/hide`, body: () => ({ reason: 'Insults' }),
  },
  { method: 'GET', route: '/api/hour-packages', allowed: ['student', 'otherStudent'], own: ownPackages },
  {
    method: 'GET', route: '/api/hour-packages/:id/history', allowed: ['student', 'admin'], querySchema: packageHistoryQuerySchema,
    path: (c) => `/api/hour-packages/${c.world.owned.package}/history`,
  },
  // Whether the student may withdraw from the purchase; the withdrawal itself on a checkout not paid (409), so the package stays.
  { method: 'GET', route: '/api/hour-packages/:id/withdrawal', allowed: ['student'], path: (c) => `/api/hour-packages/${c.world.owned.package}/withdrawal` },
  { method: 'POST', route: '/api/hour-packages/:id/withdrawal', allowed: ['student'], ledgerWrite: true, path: async (c) => `/api/hour-packages/${await newPurchase(c.world)}/withdrawal` },
  {
    method: 'POST', route: '/api/admin/adjustments', allowed: ['admin'], bodySchema: adjustmentSchema, ledgerWrite: true,
    body: (c) => ({ packageId: c.world.owned.package, delta: -1, reason: 'Correction after a phone call' }),
  },
  { method: 'GET', route: '/api/dashboard/stats', allowed: SIGNED_IN },
  { method: 'GET', route: '/api/teacher/students', allowed: ['teacher'], querySchema: teacherStudentQuerySchema },
  { method: 'GET', route: '/api/teacher/earnings', allowed: ['teacher'], querySchema: earningsQuerySchema },
  // Payouts: the world's teacher has completed no lesson, so an admin's payout is refused with 409 "Nothing
  // is payable"; tests/integration/lessons/payouts.test.ts covers a balance, the bank run and concurrency.
  {
    method: 'POST', route: '/api/admin/teachers/:id/payouts', allowed: ['admin'], bodySchema: payoutSchema,
    path: (c) => `/api/admin/teachers/${c.world.people.teacher.id}/payouts`, body: () => ({ amountCents: 100, periodEnd: '2026-01-31', reference: 'BANK-1' }),
  },
  { method: 'GET', route: '/api/teacher/payouts', allowed: ['teacher'] },
  // The monthly statement PDF (a month that has started: the catalog runs at the wall clock, 2026-01 is past).
  { method: 'GET', route: '/api/teacher/statements/:month.pdf', allowed: ['teacher'], path: () => '/api/teacher/statements/2026-01.pdf' },
  { method: 'GET', route: '/api/admin/payouts', allowed: ['admin'] },
  { method: 'GET', route: '/api/admin/payouts.csv', allowed: ['admin'] },
  { method: 'GET', route: '/api/admin/invoices', allowed: ['admin'], querySchema: adminInvoiceQuerySchema },
  { method: 'GET', route: '/api/admin/invoices/summary', allowed: ['admin'] },
  { method: 'GET', route: '/api/admin/invoices/:id/xml', allowed: ['admin'], path: async (c) => `/api/admin/invoices/${await writtenInvoice(c.world)}/xml` },
  { method: 'GET', route: '/api/admin/invoices/months/:month.zip', allowed: ['admin'], path: () => '/api/admin/invoices/months/2026-01.zip' },
  { method: 'GET', route: '/api/admin/invoices/oss/:quarter.csv', allowed: ['admin'], path: () => '/api/admin/invoices/oss/2026-Q1.csv' },
  { method: 'POST', route: '/api/admin/invoices/rewrite', allowed: ['admin'], bodySchema: invoiceRewriteSchema, body: () => ({ all: true }) },
  { method: 'GET', route: '/api/admin/fiscal-profile', allowed: ['admin'] },
  { method: 'PUT', route: '/api/admin/fiscal-profile', allowed: ['admin'], bodySchema: fiscalProfileSchema, body: () => vatSchool },
  { method: 'GET', route: '/api/invoices', allowed: ['student', 'otherStudent'], querySchema: ownInvoiceQuerySchema, own: ownInvoices },
  { method: 'POST', route: '/api/calendar/token', allowed: ['student', 'otherStudent', 'teacher'] },
  // A secret feed URL: whoever holds it reads it (as a calendar app does, without a session).
  { method: 'GET', route: '/api/calendar/:file', allowed: ACTORS, path: (c) => calendarFeed(c.world) },
  { method: 'GET', route: '/api/admin/ledger', allowed: ['admin'], querySchema: ledgerQuerySchema },
  { method: 'GET', route: '/api/admin/analytics', allowed: ['admin'], querySchema: analyticsQuerySchema },
];


