/**
 * The sleep of a background loop (the projection runner, the mail sender): it lasts until the next
 * poll, or less when something rings. A ring while the loop is busy is kept, so the next sleep ends at once.
 */
export class Doorbell {
  private rung = true;
  private wake: (() => void) | null = null;

  constructor(private readonly options: { unref?: boolean } = {}) {}

  /** Something new to do: the current sleep ends, or the next one does not start. */
  ring(): void {
    this.rung = true;
    this.wake?.();
  }

  /** Call when a round of work starts: rings until now are answered by it. */
  answer(): void {
    this.rung = false;
  }

  /** Sleeps up to `ms`, unless it rang since the last answer(). */
  sleep(ms: number): Promise<void> {
    if (this.rung) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      if (this.options.unref) timer.unref();
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    }).finally(() => {
      this.wake = null;
    });
  }
}

/** Runs the functions given to it one at a time, in order (a failure does not stop the next). */
export class Serial {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(fn, fn);
    this.tail = run.catch(() => {});
    return run;
  }

  /** Resolves once everything given so far has finished. */
  async settled(): Promise<void> {
    await this.tail;
  }
}
