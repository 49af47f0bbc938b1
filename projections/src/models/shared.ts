import type { ParliamoEvent } from '@parliamo/domain';
import type { ProjectedEvent } from '../types.ts';

/** The event as its typed union member, so `switch (e.type)` narrows `data`. */
export function typed(e: ProjectedEvent): ParliamoEvent {
  return e as ParliamoEvent;
}

/** The global position as two bigint-compatible strings, for ordering rows the way events committed. */
export function positionParams(e: ProjectedEvent): [string, string] {
  return [e.position.commit.toString(), e.position.prepare.toString()];
}
