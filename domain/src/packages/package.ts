/**
 * The hours one payment bought (stream package-{packageId}; packageId = packageIdForPayment(paymentId)).
 *
 * Balance rules, stated once:
 * - granted = hours purchased + every positive admin adjustment. remaining always stays within
 *   0..granted: it only drops by booking, expiry, revocation and negative adjustments (never below 0),
 *   and only rises by refunds of hours this package itself paid for, or by a positive adjustment
 *   (which raises granted by the same amount).
 * - An hour can pay for a lesson only if the lesson starts before expiresAt (purchase + the validity, 6 months by default).
 * - An hour refunded after the package expired (or after its payment was refunded) comes back and
 *   lapses at once in the same decision (HourRefunded then HoursExpired / HoursRevoked of 1), so every
 *   hour's end stays an event.
 * - An admin adjustment: a non-zero whole delta of at most 30 hours either way, a non-empty reason,
 *   on a package neither expired nor revoked, never taking remaining below 0.
 * - Hours a pending refund request holds (HoursHeldForRefund, appended with the request) stay in
 *   remaining but no lesson may take them (spendableHours), until the hold is released: the refund
 *   took them, or the provider refused it. The hold and a booking write the same stream at its
 *   revision, so of the two at once the second is judged again on what the first wrote.
 */
import { assertNever, type Decider, instant, isoOf } from '../decider.ts';
import { DomainError } from '../errors.ts';
import type { PackageEvent } from '../events.ts';
import { assertPackageHours, expiresAt, MAX_HOURS } from '../rules.ts';

export type PurchaseHours = {
  type: 'PurchaseHours';
  data: {
    packageId: string;
    paymentId: string;
    studentId: string;
    teacherId: string;
    hours: number;
    hourPriceCents: number;
    /** How long the hours stay valid: the validity the checkout started with. */
    validityMonths: number;
    now: string;
  };
};
export type SpendHour = {
  type: 'SpendHour';
  data: { packageId: string; lessonId: string; lessonStartsAt: string; now: string };
};
export type RefundHour = { type: 'RefundHour'; data: { packageId: string; lessonId: string; now: string } };
export type ExpireHours = { type: 'ExpireHours'; data: { packageId: string; now: string } };
export type AdjustHours = {
  type: 'AdjustHours';
  data: { packageId: string; delta: number; reason: string; adminId: string; now: string };
};
export type RevokeHours = { type: 'RevokeHours'; data: { packageId: string; paymentId: string; now: string } };
/** A partial refund paid back `hours` unused hours (at most the remaining ones leave). */
export type RefundUnusedHours = { type: 'RefundUnusedHours'; data: { packageId: string; paymentId: string; hours: number; now: string } };
/** A refund request holds `hours` of the package's spendable hours (at most those). */
export type HoldHoursForRefund = { type: 'HoldHoursForRefund'; data: { packageId: string; requestId: string; hours: number; now: string } };
/** A refund request's hold ends (completed or refused); nothing when it holds nothing. */
export type ReleaseRefundHold = { type: 'ReleaseRefundHold'; data: { packageId: string; requestId: string; now: string } };
export type PackageCommand =
  | PurchaseHours
  | SpendHour
  | RefundHour
  | ExpireHours
  | AdjustHours
  | RevokeHours
  | RefundUnusedHours
  | HoldHoursForRefund
  | ReleaseRefundHold;

export interface PackageState {
  exists: boolean;
  packageId: string;
  paymentId: string;
  studentId: string;
  teacherId: string;
  hourPriceCents: number;
  purchasedAt: string;
  expiresAt: string;
  /** Hours bought with the payment. */
  purchased: number;
  /** purchased + every positive adjustment: the ceiling of remaining. */
  granted: number;
  remaining: number;
  /** Lessons this package paid an hour for, and whether that hour came back. */
  lessons: Record<string, 'spent' | 'refunded'>;
  /** The payment was refunded and the unused hours removed. */
  revoked: boolean;
  /** Unused hours that left with a partial refund (UnusedHoursRefunded). */
  refundedHours: number;
  /** Hours pending refund requests hold, by request id: not spendable until the hold is released. */
  held: Record<string, number>;
}

export const initialPackageState: PackageState = {
  exists: false,
  packageId: '',
  paymentId: '',
  studentId: '',
  teacherId: '',
  hourPriceCents: 0,
  purchasedAt: '',
  expiresAt: '',
  purchased: 0,
  granted: 0,
  remaining: 0,
  lessons: {},
  revoked: false,
  refundedHours: 0,
  held: {},
};

/** The package a payment credits: its id is the payment's id, so a repeated credit hits the same stream. */
export function packageIdForPayment(paymentId: string): string {
  return paymentId;
}

/** Whether the package's hours have lapsed at `now`. */
export function isPackageExpired(state: PackageState, now: Date): boolean {
  return state.exists && now.getTime() >= new Date(state.expiresAt).getTime();
}

/** The remaining hours a lesson may take: those pending refund requests do not hold. */
export function spendableHours(state: PackageState): number {
  return state.remaining - Object.values(state.held).reduce((sum, h) => sum + h, 0);
}

/** Whether this package may pay for a lesson starting at `startsAt` (booked at `now`). */
export function canPayFor(state: PackageState, startsAt: Date, now: Date): boolean {
  return (
    state.exists &&
    !state.revoked &&
    spendableHours(state) > 0 &&
    now.getTime() < new Date(state.expiresAt).getTime() &&
    startsAt.getTime() < new Date(state.expiresAt).getTime()
  );
}

export function evolvePackage(state: PackageState, event: PackageEvent): PackageState {
  switch (event.type) {
    case 'HoursPurchased': {
      const d = event.data;
      return {
        ...state,
        exists: true,
        packageId: d.packageId,
        paymentId: d.paymentId,
        studentId: d.studentId,
        teacherId: d.teacherId,
        hourPriceCents: d.hourPriceCents,
        purchasedAt: d.purchasedAt,
        expiresAt: d.expiresAt,
        purchased: d.hours,
        granted: d.hours,
        remaining: d.hours,
      };
    }
    case 'HourBooked':
      return { ...state, remaining: state.remaining - 1, lessons: { ...state.lessons, [event.data.lessonId]: 'spent' } };
    case 'HourRefunded':
      return { ...state, remaining: state.remaining + 1, lessons: { ...state.lessons, [event.data.lessonId]: 'refunded' } };
    case 'HoursExpired':
      return { ...state, remaining: state.remaining - event.data.hours };
    case 'HoursAdjusted': {
      const delta = event.data.delta;
      return { ...state, remaining: state.remaining + delta, granted: state.granted + Math.max(0, delta) };
    }
    case 'HoursRevoked':
      return { ...state, remaining: state.remaining - event.data.hours, revoked: true };
    case 'UnusedHoursRefunded':
      return { ...state, remaining: state.remaining - event.data.hours, refundedHours: state.refundedHours + event.data.hours };
    case 'HoursHeldForRefund':
      return { ...state, held: { ...state.held, [event.data.requestId]: event.data.hours } };
    case 'RefundHoldReleased': {
      const { [event.data.requestId]: _released, ...held } = state.held;
      return { ...state, held };
    }
    default:
      return assertNever(event);
  }
}

function requirePackage(state: PackageState): void {
  if (!state.exists) throw new DomainError('not_found', 'packages.notFound');
}

export function decidePackage(command: PackageCommand, state: PackageState): PackageEvent[] {
  switch (command.type) {
    case 'PurchaseHours': {
      const c = command.data;
      if (state.exists) throw new DomainError('conflict', 'packages.alreadyCredited');
      assertPackageHours(c.hours);
      const purchasedAt = instant(c.now);
      return [
        {
          type: 'HoursPurchased',
          data: {
            packageId: c.packageId,
            paymentId: c.paymentId,
            studentId: c.studentId,
            teacherId: c.teacherId,
            hours: c.hours,
            hourPriceCents: c.hourPriceCents,
            purchasedAt: purchasedAt.toISOString(),
            expiresAt: expiresAt(purchasedAt, c.validityMonths).toISOString(),
          },
        },
      ];
    }
    case 'SpendHour': {
      const c = command.data;
      requirePackage(state);
      if (state.lessons[c.lessonId]) throw new DomainError('conflict', 'packages.lessonAlreadyUsedHour');
      if (!canPayFor(state, instant(c.lessonStartsAt, 'the lesson start'), instant(c.now))) {
        throw new DomainError('conflict', 'packages.noValidHours');
      }
      return [{ type: 'HourBooked', data: { packageId: state.packageId, lessonId: c.lessonId, bookedAt: isoOf(c.now) } }];
    }
    case 'RefundHour': {
      const c = command.data;
      requirePackage(state);
      if (state.lessons[c.lessonId] !== 'spent') return [];
      const at = isoOf(c.now);
      const events: PackageEvent[] = [{ type: 'HourRefunded', data: { packageId: state.packageId, lessonId: c.lessonId, refundedAt: at } }];
      if (state.revoked) {
        events.push({ type: 'HoursRevoked', data: { packageId: state.packageId, paymentId: state.paymentId, hours: 1, revokedAt: at } });
      } else if (isPackageExpired(state, instant(c.now))) {
        events.push({ type: 'HoursExpired', data: { packageId: state.packageId, hours: 1, expiredAt: at } });
      }
      return events;
    }
    case 'ExpireHours': {
      requirePackage(state);
      if (state.remaining <= 0 || !isPackageExpired(state, instant(command.data.now))) return [];
      return [{ type: 'HoursExpired', data: { packageId: state.packageId, hours: state.remaining, expiredAt: isoOf(command.data.now) } }];
    }
    case 'AdjustHours': {
      const c = command.data;
      const reason = c.reason.trim();
      if (!reason) throw new DomainError('invalid', 'packages.adjustmentReason');
      if (!Number.isInteger(c.delta) || c.delta === 0 || Math.abs(c.delta) > MAX_HOURS) {
        throw new DomainError('invalid', 'packages.adjustmentRange', { max: MAX_HOURS });
      }
      requirePackage(state);
      if (state.revoked) throw new DomainError('conflict', 'packages.refunded');
      if (isPackageExpired(state, instant(c.now))) throw new DomainError('conflict', 'packages.expired');
      // Hours a refund request holds are on their way back as money: an adjustment cannot take them.
      if (spendableHours(state) + c.delta < 0) {
        const left = spendableHours(state);
        throw new DomainError('conflict', left === 1 ? 'packages.onlyHourLeft' : 'packages.onlyHoursLeft', { count: left });
      }
      return [
        { type: 'HoursAdjusted', data: { packageId: state.packageId, delta: c.delta, reason, adminId: c.adminId, adjustedAt: isoOf(c.now) } },
      ];
    }
    case 'RevokeHours': {
      requirePackage(state);
      if (state.revoked) return [];
      // Emitted even with 0 hours: it marks the package refunded so later returned hours are revoked too.
      return [
        {
          type: 'HoursRevoked',
          data: { packageId: state.packageId, paymentId: state.paymentId, hours: state.remaining, revokedAt: isoOf(command.data.now) },
        },
      ];
    }
    case 'RefundUnusedHours': {
      requirePackage(state);
      const hours = Math.min(command.data.hours, state.remaining);
      if (state.revoked || hours <= 0) return [];
      return [
        {
          type: 'UnusedHoursRefunded',
          data: { packageId: state.packageId, paymentId: state.paymentId, hours, refundedAt: isoOf(command.data.now) },
        },
      ];
    }
    case 'HoldHoursForRefund': {
      const c = command.data;
      requirePackage(state);
      if (state.held[c.requestId] !== undefined) return [];
      const hours = Math.min(c.hours, spendableHours(state));
      if (hours <= 0) return [];
      return [{ type: 'HoursHeldForRefund', data: { packageId: state.packageId, paymentId: state.paymentId, requestId: c.requestId, hours, heldAt: isoOf(c.now) } }];
    }
    case 'ReleaseRefundHold': {
      const c = command.data;
      if (state.held[c.requestId] === undefined) return [];
      return [{ type: 'RefundHoldReleased', data: { packageId: state.packageId, paymentId: state.paymentId, requestId: c.requestId, releasedAt: isoOf(c.now) } }];
    }
    default:
      return assertNever(command);
  }
}

export const packageDecider: Decider<PackageCommand, PackageState, PackageEvent> = {
  initialState: initialPackageState,
  evolve: evolvePackage,
  decide: decidePackage,
};
