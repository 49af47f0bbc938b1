/** The source of "now". Injected everywhere; tests pass a fixed or moving clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** `clock` moved by `minutes` (development's CLOCK_OFFSET_MINUTES); the clock itself when 0. */
export function offsetClock(clock: Clock, minutes: number): Clock {
  if (!minutes) return clock;
  return { now: () => new Date(clock.now().getTime() + minutes * 60_000) };
}

/** A clock for tests: starts at `start` and moves only when told. */
export function fixedClock(start: Date | string): Clock & { set(d: Date | string): void; advance(ms: number): void } {
  let t = new Date(start).getTime();
  return {
    now: () => new Date(t),
    set: (d) => {
      t = new Date(d).getTime();
    },
    advance: (ms) => {
      t += ms;
    },
  };
}
