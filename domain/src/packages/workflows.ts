/** Single-stream package decisions addressed to their stream, in the same shape as the other workflows. */
import { nonEmpty, type StreamWrite } from '../decider.ts';
import { type PackageEvent, streams } from '../events.ts';
import { decidePackage, type PackageState } from './package.ts';

export interface PackageDecision {
  package: { packageId: string; events: PackageEvent[] };
  writes: StreamWrite[];
}

function decision(packageId: string, events: PackageEvent[]): PackageDecision {
  return { package: { packageId, events }, writes: nonEmpty([{ stream: streams.package(packageId), events }]) };
}

/** Lapses a package's remaining hours once it is 6 months old; nothing before that or when empty. */
export function decideExpiry(input: { now: string; package: PackageState }): PackageDecision {
  const { packageId } = input.package;
  return decision(packageId, decidePackage({ type: 'ExpireHours', data: { packageId, now: input.now } }, input.package));
}

/** An admin adds or removes hours with a reason (rules in packages/package.ts). */
export function decideAdjustment(input: { now: string; adminId: string; delta: number; reason: string; package: PackageState }): PackageDecision {
  const { packageId } = input.package;
  const events = decidePackage(
    { type: 'AdjustHours', data: { packageId, delta: input.delta, reason: input.reason, adminId: input.adminId, now: input.now } },
    input.package,
  );
  return decision(packageId, events);
}
