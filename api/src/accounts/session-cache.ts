import type pg from 'pg';
import { comparePositions, ReconnectingClient, type Position } from '@parliamo/ledger';
import { CHANNELS, parsePersonalNotice } from '@parliamo/projections';
import type { CurrentUser } from '@parliamo/domain';
import { SCHOOL } from '../platform/personal-reads.ts';

/** A live session as the database last showed it. */
export interface CachedSession {
  user: CurrentUser;
  lastSeenAt: Date;
  expiresAt: Date;
}

interface Entry extends CachedSession {
  /** performance.now() when it was read from the database. */
  readAt: number;
}

/** Even with notifications working, an entry is read again from the database after this long. */
const MAX_AGE_MS = 30_000;
const MAX_ENTRIES = 10_000;
/** Writes waiting to be heard of for afterWrite; beyond this the oldest is forgotten (only a read ahead is lost). */
const MAX_WAITING_WRITES = 1_000;

/**
 * The sessions this process checked recently, so that a signed-in request needs no session query.
 *
 * Never staler than the database by more than a notification's trip:
 * - every process LISTENs on `parliamo_people`, which triggers on `sessions`, `users` and
 *   `teacher_profiles` fire when a session ends or its person changes (role, activity, erasure,
 *   name, email, picture, profile), whoever changed them; that person's entries are dropped (and
 *   every CachedValue that depends on people, such as the public teacher list and the admin's people
 *   counts, is emptied);
 * - `parliamo_calendar` names a teacher whose free slots changed (or `*`): their calendar-cache entries
 *   are dropped; `parliamo_read_models` (a rebuilt read model was swapped in) empties everything;
 * - `parliamo_personal` names the people whose own read models a projection transaction changed (or
 *   `*`), with the positions its projections reached: their personal-cache entries are dropped, and
 *   the positions heard say whether a person's own write (its token) has been heard of here;
 * - a write request handled here empties the cache before its answer goes out (session plugin), so
 *   the next request of the same client never sees the state before its own change (a write whose
 *   route keeps sessions, such as a booking, empties only the calendar and personal caches);
 * - a lookup that began before an invalidation does not store its (maybe older) result;
 * - while the LISTEN connection is down, nothing is cached, and it starts empty again.
 */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;
  private readonly notifications: ReconnectingClient;
  private listening = false;
  private readonly dependents = new Set<CachedValue<unknown> | GroupedCache<unknown>>();
  private readonly calendars = new Set<GroupedCache<unknown>>();
  private readonly personals = new Set<GroupedCache<unknown>>();
  /** The projections whose positions a token is compared with, and how to read where they stand. */
  private positionSource: PositionSource = { names: [], read: async () => new Map() };
  /** Where each projection stands, as heard here since the LISTEN connection came up. */
  private readonly heard = new Map<string, Position>();
  /** The least of `heard` over every projection (null: not known for all of them yet). */
  private heardByAll: Position | null = null;
  /** Counts the connection's comings up: a checkpoint read of an earlier one is not used. */
  private upCount = 0;
  /** Told of a person's write answered here once its changes have been heard of (afterWrite). */
  private readonly ownWriteListeners = new Set<(userId: string) => void>();
  /** Writes answered here whose position has not been heard of yet, oldest first. */
  private waitingWrites: { userId: string; token: Position }[] = [];

  constructor(connection: pg.ClientConfig, onError: (e: unknown) => void = () => {}) {
    this.notifications = new ReconnectingClient(connection, { name: 'parliamo-session-cache', onError });
    this.notifications.watch({
      // Emptied both ways: what was kept may have changed unseen, and a lookup that began while down is not kept.
      up: () => {
        this.clear();
        this.waitingWrites = [];
        this.listening = true;
        this.heard.clear();
        this.heardByAll = null;
        void this.readPositions(++this.upCount);
      },
      down: () => {
        this.listening = false;
        this.waitingWrites = [];
        this.clear();
      },
    });
  }

  /**
   * Connects the LISTEN client; until it is up (and whenever it is down) the cache stays empty.
   * `positions`: the projections a person's write waits for, and a read of their checkpoints (for
   * `covers`); without them no token is ever covered.
   */
  async start(positions?: PositionSource): Promise<void> {
    if (positions) this.positionSource = positions;
    await this.notifications.listen(CHANNELS.people, (userId) => this.invalidateUser(userId));
    await this.notifications.listen(CHANNELS.calendar, (teacherId) => this.invalidateCalendar(teacherId));
    await this.notifications.listen(CHANNELS.personal, (payload) => this.personalNotice(payload));
    await this.notifications.listen(CHANNELS.readModels, () => this.clear());
    await this.notifications.start();
  }

  async close(): Promise<void> {
    this.listening = false;
    this.clear();
    await this.notifications.close();
  }

  /** Call before reading a session from the database; pass the result to put(). */
  begin(): number {
    return this.generation;
  }

  get(id: string): CachedSession | undefined {
    if (!this.listening) return undefined;
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    if (performance.now() - entry.readAt > MAX_AGE_MS) {
      this.entries.delete(id);
      return undefined;
    }
    return entry;
  }

  /** Stores what the database said, unless something was invalidated since `begin()`. */
  put(id: string, session: CachedSession, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    this.entries.delete(id);
    this.entries.set(id, { ...session, readAt: performance.now() });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
  }

  /** The idle timer moved (this process wrote last_seen_at). */
  touched(id: string, at: Date): void {
    const entry = this.entries.get(id);
    if (entry && entry.lastSeenAt < at) entry.lastSeenAt = at;
  }

  delete(id: string): void {
    this.generation++;
    this.entries.delete(id);
  }

  invalidateUser(userId: string): void {
    this.generation++;
    for (const [id, entry] of this.entries) if (entry.user.id === userId) this.entries.delete(id);
    for (const value of this.dependents) value.clear();
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    for (const value of this.dependents) value.clear();
  }

  /** Empties every calendar cache (a write handled here that may have moved a teacher's slots). */
  clearCalendars(): void {
    for (const cache of this.calendars) cache.clear();
  }

  /** A teacher's hours, days off or taken slots changed (`*`: every teacher's, or the booking rules). */
  invalidateCalendar(teacherId: string): void {
    for (const cache of this.calendars) {
      if (teacherId === '*') cache.clear();
      else cache.invalidate(teacherId);
    }
  }

  /** Empties every personal cache (a write handled here: whoever's reads it changed). */
  clearPersonal(): void {
    for (const cache of this.personals) cache.clear();
  }

  /**
   * A `parliamo_personal` payload: drop the people named (or everyone), and the school's answers
   * (SCHOOL, changed by any person's change), then note the positions.
   */
  personalNotice(payload: string): void {
    const notice = parsePersonalNotice(payload);
    if (!notice || notice.people === 'all') this.clearPersonal();
    else {
      for (const cache of this.personals) {
        for (const id of notice.people) cache.invalidate(id);
        cache.invalidate(SCHOOL);
      }
    }
    if (notice) this.heardOf(notice.positions);
  }

  /**
   * Whether every change up to `token` (the position a person's last write waited for, from their
   * cookie) has been heard of here, so that personal-cache entries still kept are not older than it.
   * No token: nothing to wait for.
   */
  covers(token: Position | null): boolean {
    if (token === null) return true;
    return this.heardByAll !== null && comparePositions(token, this.heardByAll) <= 0;
  }

  /**
   * A write by `userId` was answered here and its changes are at `token` (null: nothing to wait for).
   * Once this process has heard of that position (at once if it has), and so has dropped what the
   * write made stale, the `onOwnWrite` listeners are told: a read begun then sees the write.
   */
  afterWrite(userId: string, token: Position | null): void {
    if (!this.listening || this.ownWriteListeners.size === 0) return;
    if (this.covers(token)) this.tellOwnWrite(userId);
    else if (this.waitingWrites.push({ userId, token: token! }) > MAX_WAITING_WRITES) this.waitingWrites.shift();
  }

  /** Calls `listener` with the writer's id after each of their writes answered here (see afterWrite). */
  onOwnWrite(listener: (userId: string) => void): void {
    this.ownWriteListeners.add(listener);
  }

  private tellOwnWrite(userId: string): void {
    for (const listener of this.ownWriteListeners) listener(userId);
  }

  private heardOf(positions: Iterable<[string, Position]>): void {
    let moved = false;
    for (const [name, position] of positions) {
      const before = this.heard.get(name);
      if (!before || comparePositions(position, before) > 0) {
        this.heard.set(name, position);
        moved = true;
      }
    }
    if (!moved) return;
    let least: Position | null = null;
    for (const name of this.positionSource.names) {
      const p = this.heard.get(name);
      if (!p) return void (this.heardByAll = null);
      if (least === null || comparePositions(p, least) < 0) least = p;
    }
    this.heardByAll = least;
    const waiting = this.waitingWrites;
    this.waitingWrites = [];
    for (const w of waiting) {
      if (this.covers(w.token)) this.tellOwnWrite(w.userId);
      else this.waitingWrites.push(w);
    }
  }

  /** The checkpoints as stored once the connection is up: everything committed before is heard of. */
  private async readPositions(up: number): Promise<void> {
    try {
      const stored = await this.positionSource.read();
      if (up !== this.upCount || !this.listening) return;
      // What was read from the database before this read answered may be older than these positions
      // (their notifications may still be on the way): not kept, and not answered to a token.
      this.clearPersonal();
      this.heardOf([...stored].flatMap(([name, c]) => (c.position ? [[name, c.position] as [string, Position]] : [])));
    } catch {
      // Tokens stay uncovered (their reads go to the database) until notifications bring positions.
    }
  }

  /**
   * Values computed from one person's own read models (their lessons, packages, dashboard), one group
   * per person: a group is emptied by `parliamo_personal` notices naming the person, everything by any
   * change of people, a rebuilt read model or a write handled in this process.
   */
  personalCache<T>(limits: GroupedCacheLimits<T>): GroupedCache<T> {
    const cache = new GroupedCache<T>(() => this.listening, limits);
    this.dependents.add(cache as GroupedCache<unknown>);
    this.personals.add(cache as GroupedCache<unknown>);
    return cache;
  }

  /**
   * Values that depend on people but not on their lessons or packages (e.g. which answers a person
   * asked for lately), one group per person: emptied by any change of people or a rebuilt read model,
   * not by writes or `parliamo_personal` notices.
   */
  peopleCache<T>(limits: GroupedCacheLimits<T>): GroupedCache<T> {
    const cache = new GroupedCache<T>(() => this.listening, limits);
    this.dependents.add(cache as GroupedCache<unknown>);
    return cache;
  }

  /** A value computed from people's data (e.g. the public teacher list), emptied whenever anyone changes. */
  dependentValue<T>(): CachedValue<T> {
    const value = new CachedValue<T>(() => this.listening);
    this.dependents.add(value as CachedValue<unknown>);
    return value;
  }

  /**
   * Values computed from a teacher's calendar (e.g. their free slots), one group per teacher: a group is
   * emptied by `parliamo_calendar` notifications naming the teacher, everything by any change of people
   * or a rebuilt read model, and by a write handled in this process (like every dependent value).
   */
  calendarCache<T>(limits: GroupedCacheLimits<T>): GroupedCache<T> {
    const cache = new GroupedCache<T>(() => this.listening, limits);
    this.dependents.add(cache as GroupedCache<unknown>);
    this.calendars.add(cache as GroupedCache<unknown>);
    return cache;
  }

  get size(): number {
    return this.entries.size;
  }

  /** True while notifications arrive (so entries may be used). */
  get active(): boolean {
    return this.listening;
  }
}

/** The projections whose positions tokens are compared with, and a read of their stored checkpoints (readCheckpoints). */
export interface PositionSource {
  names: string[];
  read: () => Promise<Map<string, { position: Position | null }>>;
}

/** One value kept in memory while notifications work, emptied by its SessionCache (see dependentValue). */
export class CachedValue<T> {
  private value: T | undefined;
  private generation = 0;

  constructor(private readonly usable: () => boolean) {}

  get(): T | undefined {
    return this.usable() ? this.value : undefined;
  }

  /** Call before computing the value; pass the result to put(). */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` unless it was emptied since `begin()` (then the value may be older than the change). */
  put(value: T, generation: number): void {
    if (this.usable() && generation === this.generation) this.value = value;
  }

  clear(): void {
    this.generation++;
    this.value = undefined;
  }

  /** The value kept, or else `read()`'s answer, then kept unless emptied meanwhile. */
  async through(read: () => Promise<T>): Promise<T> {
    const kept = this.get();
    if (kept !== undefined) return kept;
    const generation = this.begin();
    const value = await read();
    this.put(value, generation);
    return value;
  }
}

/** How much a GroupedCache may hold: entries, and their weight (e.g. bytes of JSON) when `weigh` is given. */
export interface GroupedCacheLimits<T> {
  maxEntries: number;
  maxWeight?: number;
  weigh?: (value: T) => number;
}

/**
 * Values kept in memory by group and key while notifications work (see SessionCache.calendarCache).
 * A value computed from data read before an invalidation of any group is not kept: one generation for
 * all groups, so a rare unneeded miss rather than any chance of keeping what was read before a change.
 * Bounded by entries and weight: the keys come from requests (a teacher and any range), so a client
 * asking for many ranges must not grow it without end.
 */
export class GroupedCache<T> {
  private readonly groups = new Map<string, Map<string, T>>();
  private entries = 0;
  private weight = 0;
  private generation = 0;

  constructor(
    private readonly usable: () => boolean,
    private readonly limits: GroupedCacheLimits<T>,
  ) {}

  get(group: string, key: string): T | undefined {
    return this.usable() ? this.groups.get(group)?.get(key) : undefined;
  }

  /** A group's entries (key and value), none while not usable. */
  entriesOf(group: string): Iterable<[string, T]> {
    return (this.usable() && this.groups.get(group)?.entries()) || [];
  }

  /** Call before reading what the value is computed from; pass the result to put(). */
  begin(): number {
    return this.generation;
  }

  /** Keeps `value` unless anything was invalidated since `begin()`, or it alone is over the weight limit. */
  put(group: string, key: string, value: T, generation: number): void {
    if (!this.usable() || generation !== this.generation) return;
    const weight = this.limits.weigh?.(value) ?? 0;
    const maxWeight = this.limits.maxWeight ?? Infinity;
    if (weight > maxWeight) return;
    let entries = this.groups.get(group);
    const previous = entries?.get(key);
    if (previous !== undefined) {
      this.entries--;
      this.weight -= this.limits.weigh?.(previous) ?? 0;
    }
    // When full, start again (entries are cheap to read again; an LRU would cost every hit). Dropping
    // entries for room needs no new generation: what is kept was read after the last change.
    if (this.entries >= this.limits.maxEntries || this.weight + weight > maxWeight) {
      this.groups.clear();
      this.entries = 0;
      this.weight = 0;
      entries = undefined;
    }
    if (!entries) this.groups.set(group, (entries = new Map()));
    entries.set(key, value);
    this.entries++;
    this.weight += weight;
  }

  invalidate(group: string): void {
    this.generation++;
    const entries = this.groups.get(group);
    if (!entries) return;
    for (const value of entries.values()) this.weight -= this.limits.weigh?.(value) ?? 0;
    this.entries -= entries.size;
    this.groups.delete(group);
  }

  clear(): void {
    this.generation++;
    this.groups.clear();
    this.entries = 0;
    this.weight = 0;
  }

  get size(): number {
    return this.entries;
  }

  /** The weight held (the sum of `weigh` over the entries). */
  get heldWeight(): number {
    return this.weight;
  }
}
