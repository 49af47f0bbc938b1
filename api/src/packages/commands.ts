import { DomainError, decideAdjustment, decideExpiry, packageDecider, streams } from '@parliamo/domain';
import { runCommand, type CommandDeps } from '../platform/command.ts';

/** Lapses a package's remaining hours once it is 6 months old; nothing before or when empty. */
export async function expirePackage(deps: CommandDeps, packageId: string): Promise<boolean> {
  return runCommand(deps, async (session) => {
    const pkg = await session.load(streams.package(packageId), packageDecider);
    const decision = decideExpiry({ now: deps.clock.now().toISOString(), package: pkg });
    if (!decision.writes.length) return { result: null, value: false };
    return { result: await session.append(decision.writes, { command: 'ExpireHours' }), value: true };
  });
}

/** An admin adds or removes hours of a package, with a reason. */
export async function adjustHours(
  deps: CommandDeps,
  input: { adminId: string; packageId: string; delta: number; reason: string },
): Promise<void> {
  await runCommand(deps, async (session) => {
    const pkg = await session.load(streams.package(input.packageId), packageDecider);
    if (!pkg.exists) throw new DomainError('not_found', 'packages.notFound');
    const decision = decideAdjustment({
      now: deps.clock.now().toISOString(),
      adminId: input.adminId,
      delta: input.delta,
      reason: input.reason,
      package: pkg,
    });
    return { result: await session.append(decision.writes, { actorId: input.adminId, command: 'AdjustHours' }), value: undefined };
  });
}
