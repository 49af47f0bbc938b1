/**
 * A memo of folded stream states: for a stream and the decider that folds it, the state after its
 * events up to some revision. A command then reads only the events after that revision (usually
 * none or one) instead of the whole stream, and folds only those.
 *
 * It is always safe, across processes too: streams only grow, so fold(events 0..r) never changes,
 * and every load still asks the ledger for what came after r, so a state is never older than the
 * stream. It is only a cache: losing it (restart, eviction) costs a full read, nothing else.
 * States must be immutable, as every decider's evolve already treats them (it returns new objects).
 */
export class StreamStates {
  private readonly entries = new Map<string, { decider: object; revision: number; state: unknown }>();

  constructor(private readonly maxEntries = 10_000) {}

  /** The memo for `stream` as folded by `decider`, if there is one. */
  get<S>(stream: string, decider: object): { revision: number; state: S } | undefined {
    const entry = this.entries.get(stream);
    if (!entry || entry.decider !== decider) return undefined;
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(stream);
    this.entries.set(stream, entry);
    return { revision: entry.revision, state: entry.state as S };
  }

  /** Remembers the state at `revision`, unless a newer one is known already. */
  set(stream: string, decider: object, revision: number, state: unknown): void {
    const known = this.entries.get(stream);
    if (known && known.decider === decider && known.revision >= revision) return;
    this.entries.delete(stream);
    this.entries.set(stream, { decider, revision, state });
    if (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }
}
