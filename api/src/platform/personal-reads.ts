import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a personal read computes: the answer, and until when (app clock, ms) it holds if nothing changes. */
export interface PersonalAnswer {
  value: unknown;
  /** Infinity: until something changes. E.g. a package's expiry, the next lesson's start, the month's end. */
  until: number;
}

/** Even with notifications working, an answer is read again from the database after this long. */
const MAX_AGE_MS = 60_000;

/**
 * The group of the personal cache that holds answers about the whole school (the admin's dashboard
 * numbers and payouts): SessionCache empties it on every `parliamo_personal` notice, whoever it names.
 * No person's id is `*`.
 */
export const SCHOOL = '*';

interface Kept {
  json: string;
  /** The app clock's instants (ms) it holds for: from the `now` it was read at, until `until`. */
  from: number;
  until: number;
  /** performance.now() when it was read. */
  readAt: number;
}

type Read = (now: Date) => Promise<PersonalAnswer>;

/** An answer a person asked for lately: how to read it again when they write. */
interface Asked {
  read: Read;
  serialize: (value: unknown) => string;
  /** performance.now() of the last request for it. */
  at: number;
}

/** A read again begun after its person's write (see `readAhead`), while it runs. */
interface ReadAhead {
  /** The personal cache's generation when it began: it is used only if nothing was emptied since. */
  generation: number;
  kept: Promise<Kept | undefined>;
}

/**
 * A signed-in person's own reads (their lessons, hour packages, dashboard numbers) answered from
 * memory, as JSON, per person and route (SessionCache.personalCache): emptied for a person when a
 * projection transaction names them, wholly by a write handled here, a change of people or a rebuilt
 * read model; used for a request only while it holds (`until`) and when this process has heard of the
 * client's last write (its token, SessionCache.covers: a write answered by another instance).
 * At most 32 MB of JSON and 20,000 answers (a busy teacher's lessons are about 1 MB at 1M events).
 *
 * After a person's write answered here, the answers they asked for in the last minute are read again
 * at once (the screen they look at fetches them again after the write), once this process has heard
 * of the write's position: their next request takes that answer, or waits for the read under way,
 * instead of starting its own. Nobody else's answers are read ahead.
 *
 * The admin's dashboard numbers and payouts are the school's: kept once for every admin (group SCHOOL),
 * emptied by every notice whoever it names, and until the next instant the clock alone changes them.
 */
export function personalReads(app: FastifyInstance): PersonalReads {
  let answer = answers.get(app.sessionCache);
  if (!answer) answers.set(app.sessionCache, (answer = personalAnswers(app)));
  return answer;
}

/**
 * `school`: the answer is about the whole school, not the person (the admin's dashboard numbers and
 * teachers' balances): one answer for every admin, emptied by every notice whoever it names, and not
 * read ahead.
 */
type PersonalReads = (request: FastifyRequest, reply: FastifyReply, key: string, read: Read, options?: { school?: boolean }) => Promise<FastifyReply>;

/** One cache per process (per SessionCache), whichever routes use it. */
const answers = new WeakMap<object, PersonalReads>();

function personalAnswers(app: FastifyInstance): PersonalReads {
  const cache = app.sessionCache.personalCache<Kept>({
    maxEntries: 20_000,
    maxWeight: 32 * 1024 * 1024,
    weigh: (kept) => kept.json.length,
  });
  // Per person, the answers they asked for: emptied by any change of people (a role, an erasure...),
  // so a read ahead never runs as who the person no longer is.
  const asked = app.sessionCache.peopleCache<Asked>({ maxEntries: 20_000 });
  const readsAhead = new Map<string, ReadAhead>();

  const holds = (kept: Kept | undefined, now: Date): kept is Kept =>
    kept !== undefined && kept.from <= now.getTime() && now.getTime() < kept.until && performance.now() - kept.readAt < MAX_AGE_MS;

  async function readAndKeep(group: string, key: string, read: Read, serialize: (value: unknown) => string, now: Date): Promise<Kept> {
    const generation = cache.begin();
    const { value, until } = await read(now);
    const kept = { json: serialize(value), from: now.getTime(), until, readAt: performance.now() };
    if (until > now.getTime()) cache.put(group, key, kept, generation);
    return kept;
  }

  function readAhead(who: string, key: string, a: Asked): void {
    const id = `${who} ${key}`;
    const generation = cache.begin();
    // Failures are the next request's to meet: it reads for itself.
    const kept = readAndKeep(who, key, a.read, a.serialize, app.clock.now()).catch(() => undefined);
    readsAhead.set(id, { generation, kept });
    void kept.then(() => {
      if (readsAhead.get(id)?.kept === kept) readsAhead.delete(id);
    });
  }

  app.sessionCache.onOwnWrite((who) => {
    const now = performance.now();
    for (const [key, a] of asked.entriesOf(who)) if (now - a.at < MAX_AGE_MS) readAhead(who, key, a);
  });

  /** A kept answer that holds at `now`, or the read ahead under way if nothing was emptied since it began. */
  async function keptOrAhead(group: string, key: string, now: Date): Promise<Kept | undefined> {
    const kept = cache.get(group, key);
    if (holds(kept, now)) return kept;
    // A read begun after this person's write, with nothing emptied since: as good as a kept answer.
    const ahead = readsAhead.get(`${group} ${key}`);
    if (!ahead || ahead.generation !== cache.begin()) return undefined;
    const got = await ahead.kept;
    return holds(got, now) ? got : undefined;
  }

  return async function answer(request: FastifyRequest, reply: FastifyReply, key: string, read: Read, options?: { school?: boolean }) {
    const who = request.user!.id;
    const group = options?.school ? SCHOOL : who;
    const now = app.clock.now();
    const askedGeneration = asked.begin();
    let kept = app.sessionCache.covers(app.writeToken(request)) ? await keptOrAhead(group, key, now) : undefined;
    kept ??= await readAndKeep(group, key, read, (value) => reply.serialize(value) as string, now);
    // Read ahead after the person's writes: their own answers that can be kept.
    if (group === who && kept.until > now.getTime()) {
      const known = asked.get(who, key);
      if (known) known.at = performance.now();
      else {
        const serialize = (reply.getSerializationFunction('200') ?? JSON.stringify) as (value: unknown) => string;
        asked.put(who, key, { read, serialize, at: performance.now() }, askedGeneration);
      }
    }
    // Already JSON: sent as it is (a string with a content type is not serialized again).
    return reply.type('application/json; charset=utf-8').send(kept.json as never);
  };
}
