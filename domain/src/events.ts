/**
 * Every event of the hour ledger. Events carry ids, numbers and instants, never personal data
 * (names, emails, addresses live in ordinary tables keyed by user id), so erasing a person never
 * rewrites history. Money is integer euro cents; instants are ISO-8601 UTC strings; lesson slots
 * are Rome wall-clock `date` (YYYY-MM-DD) + `hour` (0..23).
 */

export type Event<Type extends string, Data> = { type: Type; data: Data };

// ---- payment-{paymentId}: one checkout, from start to its end --------------------------------

export type CheckoutStarted = Event<
  'CheckoutStarted',
  {
    paymentId: string;
    provider: 'stripe' | 'test';
    /** Stripe Checkout Session id, or our own id for the local test checkout. */
    providerSessionId: string;
    studentId: string;
    teacherId: string;
    hours: number;
    hourPriceCents: number;
    /** The fee in force when the checkout started (the school's settings). */
    feeCents: number;
    amountCents: number;
    /**
     * How many months the hours will be valid, as in force when the checkout started (the terms the
     * student saw). Absent on checkouts recorded before the school's settings existed: 6.
     */
    validityMonths?: number;
    /**
     * A trial lesson (issue 17): one hour at the teacher's trial rate (`hourPriceCents`), credited only
     * if the student has no trial with this teacher yet (stream trial-{studentId}-{teacherId}).
     * Absent on ordinary purchases.
     */
    trial?: true;
    startedAt: string;
  }
>;
export type PaymentConfirmed = Event<
  'PaymentConfirmed',
  {
    paymentId: string;
    providerPaymentId: string | null;
    amountCents: number;
    confirmedAt: string;
    /** The receipt issued with the confirmation (ReceiptIssued); absent on payments confirmed before receipts existed. */
    receiptNumber?: string;
    /** The buyer's express request to start at once (payments/withdrawal.ts); absent on purchases made without it. */
    expressRequest?: ExpressRequest;
  }
>;
/**
 * The buyer asked, on the payment page, for lessons to be available at once and acknowledged that hours
 * used before a withdrawal are paid for: which text (`version`), in which language, and when. No personal data.
 */
export interface ExpressRequest {
  version: string;
  language: 'en' | 'it';
  requestedAt: string;
}
export type PaymentFailed = Event<'PaymentFailed', { paymentId: string; reason: string; failedAt: string }>;
export type CheckoutExpired = Event<'CheckoutExpired', { paymentId: string; expiredAt: string }>;
export type PaymentRefunded = Event<
  'PaymentRefunded',
  { paymentId: string; amountRefundedCents: number; providerRefundId: string | null; refundedAt: string }
>;
/**
 * An admin asked to refund `hours` unused hours of the payment from the admin console (issue 18). The hours
 * stay in the package (held: no second request may take them) until the provider confirms the refund.
 * `requestId` makes the request idempotent; `feeIncluded`: the refund returns every hour bought, so the fee too.
 */
export type RefundRequested = Event<
  'RefundRequested',
  {
    paymentId: string;
    requestId: string;
    hours: number;
    amountCents: number;
    feeIncluded: boolean;
    reason: string;
    requestedBy: string;
    requestedAt: string;
  }
>;
/** The provider refused a requested refund: nothing was refunded and its held hours are free again. */
export type RefundRequestFailed = Event<'RefundRequestFailed', { paymentId: string; requestId: string; reason: string; failedAt: string }>;
/** The provider confirmed the refund an admin requested (recorded beside its PaymentRefunded). */
export type RefundRequestCompleted = Event<
  'RefundRequestCompleted',
  { paymentId: string; requestId: string; providerRefundId: string | null; completedAt: string }
>;
/**
 * A refund paid back hours the package no longer had (a refund made in the provider's dashboard after
 * lessons were held, or after hours lapsed): those lessons stay, and `amountCents` (hours x the hour's
 * price) is money refunded for nothing taken back, a debt for the admin to settle
 * (payments/refund-decisions.ts).
 */
export type UsedHoursRefunded = Event<
  'UsedHoursRefunded',
  { paymentId: string; hours: number; amountCents: number; refundedAt: string }
>;
/**
 * The student withdrew from the purchase within the 14 days (payments/withdrawal.ts). Appended with the
 * cancellations of the booked lessons outside the notice and, when money goes back, the RefundRequested
 * `requestId` whose hold keeps the unused hours until the provider refunds `refundCents`.
 */
export type PurchaseWithdrawn = Event<
  'PurchaseWithdrawn',
  {
    paymentId: string;
    studentId: string;
    requestId: string | null;
    refundCents: number;
    /** Hours used (lessons held or inside the notice) that the refund keeps back, at the package's hour price. */
    hoursUsed: number;
    feeIncluded: boolean;
    lessonsCancelled: string[];
    /** Whether the purchase recorded the express request; without it the refund is the whole amount. */
    expressRequest: boolean;
    withdrawnAt: string;
  }
>;
export type PaymentEvent =
  | CheckoutStarted
  | PurchaseWithdrawn
  | PaymentConfirmed
  | PaymentFailed
  | CheckoutExpired
  | PaymentRefunded
  | RefundRequested
  | RefundRequestFailed
  | RefundRequestCompleted
  | UsedHoursRefunded;

// ---- package-{packageId}: the hours one payment bought -------------------------------------

export type HoursPurchased = Event<
  'HoursPurchased',
  {
    packageId: string;
    paymentId: string;
    studentId: string;
    teacherId: string;
    hours: number;
    hourPriceCents: number;
    purchasedAt: string;
    /** purchasedAt + the validity of the checkout (6 months unless the school changed it). */
    expiresAt: string;
  }
>;
/** One hour of the package is spent on a lesson. */
export type HourBooked = Event<'HourBooked', { packageId: string; lessonId: string; bookedAt: string }>;
/** A cancelled lesson's hour comes back to the package. */
export type HourRefunded = Event<'HourRefunded', { packageId: string; lessonId: string; refundedAt: string }>;
/** The package's remaining hours lapse 6 months after purchase. */
export type HoursExpired = Event<'HoursExpired', { packageId: string; hours: number; expiredAt: string }>;
/** An admin adds (delta > 0) or removes (delta < 0) hours, always with a reason. */
export type HoursAdjusted = Event<
  'HoursAdjusted',
  { packageId: string; delta: number; reason: string; adminId: string; adjustedAt: string }
>;
/** The payment was refunded: its unused hours are removed. */
export type HoursRevoked = Event<
  'HoursRevoked',
  { packageId: string; paymentId: string; hours: number; revokedAt: string }
>;
/**
 * Part of the payment was refunded: unused hours paid back leave the package, which stays usable
 * (a refund of the whole amount is HoursRevoked instead). Rules: payments/refund-decisions.ts.
 */
export type UnusedHoursRefunded = Event<
  'UnusedHoursRefunded',
  { packageId: string; paymentId: string; hours: number; refundedAt: string }
>;
/**
 * An admin's refund request (RefundRequested, in the same append) holds `hours` unused hours of the
 * package until the provider answers: no lesson may take them meanwhile (packages/package.ts canPayFor).
 */
export type HoursHeldForRefund = Event<
  'HoursHeldForRefund',
  { packageId: string; paymentId: string; requestId: string; hours: number; heldAt: string }
>;
/**
 * A refund request's hold ends: the refund completed (its hours leave in the same append) or the
 * provider refused it (the hours are free again).
 */
export type RefundHoldReleased = Event<
  'RefundHoldReleased',
  { packageId: string; paymentId: string; requestId: string; releasedAt: string }
>;
export type PackageEvent =
  | HoursPurchased
  | HourBooked
  | HourRefunded
  | HoursExpired
  | HoursAdjusted
  | HoursRevoked
  | UnusedHoursRefunded
  | HoursHeldForRefund
  | RefundHoldReleased;

// ---- lesson-{lessonId}: one booked lesson ---------------------------------------------------

export type LessonBooked = Event<
  'LessonBooked',
  {
    lessonId: string;
    studentId: string;
    teacherId: string;
    packageId: string;
    date: string;
    hour: number;
    /** The lesson's start as a UTC instant (date + hour in Europe/Rome). */
    startsAt: string;
    notes: string | null;
    hourPriceCents: number;
    /**
     * The notice in force when the lesson was booked: a student may cancel it (hour back) up to this
     * many hours before the start. Absent on lessons booked before the school's settings existed: 48.
     */
    noticeHours?: number;
    bookedAt: string;
  }
>;
export type LessonCancelled = Event<
  'LessonCancelled',
  {
    lessonId: string;
    by: 'student' | 'teacher' | 'admin';
    cancelledBy: string;
    /** Whether the hour went back to the package. */
    refunded: boolean;
    cancelledAt: string;
  }
>;
export type LessonCompleted = Event<
  'LessonCompleted',
  {
    lessonId: string;
    studentId: string;
    teacherId: string;
    packageId: string;
    priceCents: number;
    teacherEarningCents: number;
    commissionCents: number;
    completedAt: string;
    /**
     * The rule that completed it (lessons/attendance.ts): `window_closed` when its report window passed
     * with no report, `student_absent` on the teacher's report, `admin` on an admin's decision (with
     * `reason` and `decidedBy`). Absent on lessons completed before reports existed: at their end.
     */
    rule?: OutcomeRule;
    reason?: string;
    decidedBy?: string;
  }
>;
/** Why a lesson ended as it did: the rule applied (lessons/attendance.ts). */
export type OutcomeRule = 'window_closed' | 'teacher_absent' | 'student_absent' | 'admin';
export type ReportKind = 'teacher_absent' | 'student_absent' | 'technical';
export type LessonParty = 'student' | 'teacher';
/** A party of the lesson said they are there (from 10 minutes before its start to its end); once each. */
export type LessonCheckedIn = Event<'LessonCheckedIn', { lessonId: string; by: LessonParty; actorId: string; checkedInAt: string }>;
/**
 * A party reported a problem with the lesson (once each, from 15 minutes after its start until its
 * report window closes). `answerBy`: when the report is not settled by a rule, the instant until which
 * the other party may answer before the school decides; null when a rule decided it at once.
 */
export type LessonProblemReported = Event<
  'LessonProblemReported',
  { lessonId: string; studentId: string; teacherId: string; by: LessonParty; kind: ReportKind; text: string | null; answerBy: string | null; reportedAt: string }
>;
/** The other party answered a report that waits for the school's decision (once). */
export type LessonReportAnswered = Event<
  'LessonReportAnswered',
  { lessonId: string; studentId: string; teacherId: string; by: LessonParty; text: string; answeredAt: string }
>;
/**
 * The lesson's hour went back to its student (HourRefunded on the package in the same append) and the
 * lesson is over: `refunded` (the teacher earns nothing) or `split` (the school pays the teacher their
 * share as goodwill: `teacherEarningCents` is the 76 % and `commissionCents` its negative, the school's
 * cost, so teacher + commission = priceCents = 0, nothing of the student's money).
 */
export type LessonRefunded = Event<
  'LessonRefunded',
  {
    lessonId: string;
    studentId: string;
    teacherId: string;
    packageId: string;
    outcome: 'refunded' | 'split';
    rule: OutcomeRule;
    reason: string | null;
    decidedBy: string | null;
    priceCents: number;
    teacherEarningCents: number;
    commissionCents: number;
    refundedAt: string;
  }
>;
/**
 * The lesson's teacher wrote (or rewrote) the notes and homework of the lesson; a later one replaces
 * the text (the ledger keeps every version). The student is mailed once per event.
 */
export type LessonNotesWritten = Event<
  'LessonNotesWritten',
  { lessonId: string; teacherId: string; studentId: string; text: string; writtenAt: string }
>;
/**
 * The lesson moved to another slot, in one append with the release of the old slots and the taking of
 * the new ones (the hour stays spent: the package does not change). `sequence` counts the lesson's
 * moves (1 for the first): calendars replace the entry of the same UID when it grows.
 */
export type LessonRescheduled = Event<
  'LessonRescheduled',
  {
    lessonId: string;
    studentId: string;
    teacherId: string;
    /** The package that paid the hour (its history shows the move, with no change of balance). */
    packageId: string;
    by: 'student' | 'teacher';
    rescheduledBy: string;
    fromDate: string;
    fromHour: number;
    fromStartsAt: string;
    date: string;
    hour: number;
    startsAt: string;
    sequence: number;
    rescheduledAt: string;
  }
>;
export type LessonEvent =
  | LessonBooked
  | LessonCancelled
  | LessonCompleted
  | LessonNotesWritten
  | LessonRescheduled
  | LessonCheckedIn
  | LessonProblemReported
  | LessonReportAnswered
  | LessonRefunded;

// ---- review-{lessonId}: the student's review of one completed lesson (one per lesson) ---------

/** The lesson's student rated it (1..5) once it was completed; `comment` trimmed, null when empty. */
export type LessonReviewed = Event<
  'LessonReviewed',
  { lessonId: string; teacherId: string; studentId: string; rating: number; comment: string | null; reviewedAt: string }
>;
/** The student changed their review (within 7 days of writing it); the new version replaces the old one. */
export type ReviewEdited = Event<'ReviewEdited', { lessonId: string; teacherId: string; rating: number; comment: string | null; editedAt: string }>;
/** The lesson's teacher answered the review (once). */
export type ReviewReplied = Event<'ReviewReplied', { lessonId: string; teacherId: string; reply: string; repliedAt: string }>;
/** An admin hid the review from the public (and from the teacher's rating), with a reason. */
export type ReviewHidden = Event<'ReviewHidden', { lessonId: string; teacherId: string; adminId: string; reason: string; hiddenAt: string }>;
export type ReviewEvent = LessonReviewed | ReviewEdited | ReviewReplied | ReviewHidden;

// ---- teacher-slot-{teacherId}-{date}-{hour} and student-slot-{studentId}-{date}-{hour} --------
// One stream per person per slot: two bookings of the same slot contend on one stream and one loses.

export type SlotTaken = Event<
  'SlotTaken',
  { owner: 'teacher' | 'student'; ownerId: string; date: string; hour: number; lessonId: string; takenAt: string }
>;
export type SlotReleased = Event<
  'SlotReleased',
  { owner: 'teacher' | 'student'; ownerId: string; date: string; hour: number; lessonId: string; releasedAt: string }
>;
export type SlotEvent = SlotTaken | SlotReleased;

// ---- school-settings: the school's settings, one event per change (the audit trail) -----------

/** The settings an admin can change; the rules read the values in force (settings/school-settings.ts). */
export interface SchoolSettings {
  /** The school's own address (not a person's): the launch notice and the footer point to it. */
  contactEmail: string;
  launchNoticeEnabled: boolean;
  launchNoticeText: string;
  /** The launch notice for Italian visitors; empty: they read launchNoticeText. */
  launchNoticeTextIt: string;
  feeCents: number;
  noticeHours: number;
  validityMonths: number;
  /** Hours after a lesson's end during which its parties may report a problem; then it completes. */
  reportWindowHours: number;
  /** Hours a report not settled by a rule waits for the other party's answer before the school decides. */
  answerWindowHours: number;
  /** The school as its receipts and credit notes name it: name, postal address, VAT number (Partita IVA). */
  schoolName: string;
  schoolAddress: string;
  vatNumber: string;
}
export type SettingChange<K extends keyof SchoolSettings = keyof SchoolSettings> = { from: SchoolSettings[K]; to: SchoolSettings[K] };
/** An admin changed some of the school's settings: each changed field with its old and new value. */
export type SchoolSettingsChanged = Event<
  'SchoolSettingsChanged',
  { changes: { [K in keyof SchoolSettings]?: SettingChange<K> }; adminId: string; changedAt: string }
>;
export type SettingsEvent = SchoolSettingsChanged;

// ---- receipt-numbers-{year} and credit-note-numbers-{year}: the school's numbered documents ----
// One stream per series and year; its events are the numbers 1, 2, 3... in revision order, so two
// documents contend on the stream's revision and can never take the same number or leave a gap.

/** The school's details a document was issued under (the settings in force then; a later change alters nothing). */
export interface DocumentIssuer {
  name: string;
  address: string;
  vatNumber: string;
}
/** A credited purchase got its receipt, numbered `number` ("2026-000123") in its Rome year's series. */
export type ReceiptIssued = Event<
  'ReceiptIssued',
  { year: number; sequence: number; number: string; paymentId: string; studentId: string; school: DocumentIssuer; issuedAt: string }
>;
/** A refund got its credit note, in its own series, pointing to the receipt of the payment (null: none was issued). */
export type CreditNoteIssued = Event<
  'CreditNoteIssued',
  {
    year: number;
    sequence: number;
    number: string;
    paymentId: string;
    studentId: string;
    receiptNumber: string | null;
    amountCents: number;
    providerRefundId: string | null;
    school: DocumentIssuer;
    issuedAt: string;
  }
>;
export type DocumentEvent = ReceiptIssued | CreditNoteIssued;

// ---- trial-{studentId}-{teacherId}: the one trial lesson a student may buy from a teacher -------

/**
 * The trial payment `paymentId` was credited (package `packageId`): the student has had their trial
 * with this teacher. Appended atomically with that payment's PaymentConfirmed and HoursPurchased, at
 * the stream's revision, so of two paid trials only one is ever credited. Never undone (a refund
 * revokes the hour but does not give a second trial).
 */
export type TrialTaken = Event<
  'TrialTaken',
  { studentId: string; teacherId: string; paymentId: string; packageId: string; takenAt: string }
>;
/**
 * The student bought ordinary hours from this teacher (payment `paymentId`, package `packageId`)
 * before having had a trial with them: from now on they may not have one. Appended by the confirmation
 * that credits that purchase, atomically with its PaymentConfirmed and HoursPurchased, at the stream's
 * revision, so an ordinary purchase and a trial credited at the same moment contend on this stream and
 * the loser decides again on what the winner wrote. Only written while the stream is still empty: its
 * first event (TrialTaken or TrialForfeited) settles the student's trial with this teacher for good.
 * Purchases credited before this event existed have none (docs/decisions/034-trial-lessons-one-stream-per-student-and.md).
 */
export type TrialForfeited = Event<
  'TrialForfeited',
  { studentId: string; teacherId: string; paymentId: string; packageId: string; forfeitedAt: string }
>;
export type TrialEvent = TrialTaken | TrialForfeited;

// ---- payouts-{teacherId}: the money the school paid a teacher out of their 76 % ---------------

/**
 * An admin recorded a payout to a teacher (a bank transfer made outside the system): `amountCents`
 * of the teacher's payable balance, for the period ending `periodEnd` (Rome date), with the bank
 * run's `reference`. Appended at the stream's revision, so two payouts at once cannot together pay
 * more than the balance. Never changed: a correction is another event.
 */
export type PayoutRecorded = Event<
  'PayoutRecorded',
  { payoutId: string; teacherId: string; adminId: string; amountCents: number; periodEnd: string; reference: string; recordedAt: string }
>;
export type PayoutEvent = PayoutRecorded;

// ---- sdi-{documentId}: what the SdI answered about a fiscal document ------------------------------

/**
 * The SdI's outcome for one transmission of a fiscal document: RC delivered, MC not delivered but in
 * the buyer's reserved area, NS rejected with the SdI's error code and text (the document is fixed and
 * sent again under the same number). `documentId` is the fiscal document ('invoice-2026-000003').
 */
export type SdiOutcomeRecorded = Event<
  'SdiOutcomeRecorded',
  { documentId: string; sdiId: string; outcome: 'RC' | 'MC' | 'NS'; errorCode: string | null; errorText: string | null; recordedAt: string }
>;
export type SdiEvent = SdiOutcomeRecorded;

export type ParliamoEvent = PaymentEvent | PackageEvent | LessonEvent | SlotEvent | SettingsEvent | TrialEvent | ReviewEvent | DocumentEvent | PayoutEvent | SdiEvent;
export type ParliamoEventType = ParliamoEvent['type'];

/** Stream names, in one place. */
export const streams = {
  payment: (paymentId: string) => `payment-${paymentId}`,
  package: (packageId: string) => `package-${packageId}`,
  lesson: (lessonId: string) => `lesson-${lessonId}`,
  teacherSlot: (teacherId: string, date: string, hour: number) => `teacher-slot-${teacherId}-${date}-${hour}`,
  studentSlot: (studentId: string, date: string, hour: number) => `student-slot-${studentId}-${date}-${hour}`,
  schoolSettings: () => 'school-settings',
  receiptNumbers: (year: number) => `receipt-numbers-${year}`,
  creditNoteNumbers: (year: number) => `credit-note-numbers-${year}`,
  review: (lessonId: string) => `review-${lessonId}`,
  trial: (studentId: string, teacherId: string) => `trial-${studentId}-${teacherId}`,
  payouts: (teacherId: string) => `payouts-${teacherId}`,
  sdi: (documentId: string) => `sdi-${documentId}`,
} as const;
