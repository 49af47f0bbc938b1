import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** What a personal read computes: the answer, and until when (app clock, ms) it holds if nothing changes. */
export interface PersonalAnswer {
  value: unknown;
  /** Infinity: until something changes. E.g. a package's expiry, the next lesson's start, the month's end. */
  until: number;
}

/** Even with notifications working, an answer is read again from the database after this long. */
const MAX_AGE_MS = 60_000;

interface Kept {
  json: string;
  /** The app clock's instants (ms) it holds for: from the `now` it was read at, until `until`. */
  from: number;
  until: number;
  /** performance.now() when it was read. */
  readAt: number;
}

/**
 * A signed-in person's own reads (their lessons, hour packages, dashboard numbers) answered from
 * memory, as JSON, per person and route (SessionCache.personalCache): emptied for a person when a
 * projection transaction names them, wholly by a write handled here, a change of people or a rebuilt
 * read model; used for a request only while it holds (`until`) and when this process has heard of the
 * client's last write (its token, SessionCache.covers: a write answered by another instance).
 * At most 32 MB of JSON and 20,000 answers (a busy teacher's lessons are about 1 MB at 1M events).
 */
export function personalReads(app: FastifyInstance): PersonalReads {
  let answer = answers.get(app.sessionCache);
  if (!answer) answers.set(app.sessionCache, (answer = personalAnswers(app)));
  return answer;
}

type PersonalReads = (request: FastifyRequest, reply: FastifyReply, key: string, read: (now: Date) => Promise<PersonalAnswer>) => Promise<FastifyReply>;

/** One cache per process (per SessionCache), whichever routes use it. */
const answers = new WeakMap<object, PersonalReads>();

function personalAnswers(app: FastifyInstance): PersonalReads {
  const cache = app.sessionCache.personalCache<Kept>({
    maxEntries: 20_000,
    maxWeight: 32 * 1024 * 1024,
    weigh: (kept) => kept.json.length,
  });
  return async function answer(request: FastifyRequest, reply: FastifyReply, key: string, read: (now: Date) => Promise<PersonalAnswer>) {
    const who = request.user!.id;
    const now = app.clock.now();
    let json: string | undefined;
    if (app.sessionCache.covers(app.writeToken(request))) {
      const kept = cache.get(who, key);
      if (kept && kept.from <= now.getTime() && now.getTime() < kept.until && performance.now() - kept.readAt < MAX_AGE_MS) json = kept.json;
    }
    if (json === undefined) {
      const generation = cache.begin();
      const { value, until } = await read(now);
      json = reply.serialize(value) as string;
      if (until > now.getTime()) cache.put(who, key, { json, from: now.getTime(), until, readAt: performance.now() }, generation);
    }
    // Already JSON: sent as it is (a string with a content type is not serialized again).
    return reply.type('application/json; charset=utf-8').send(json as never);
  };
}
