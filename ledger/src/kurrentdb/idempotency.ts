/**
 * Recognising a repeated append. KurrentDB has no index by event id, so the store reads the part of
 * each stream where an earlier copy would be (right after the expected revision, or the stream's
 * recent tail for 'any' / 'stream_exists') and this function decides whether all events are there.
 */
import { comparePositions, type AppendRequest, type AppendResult, type RecordedEvent } from '../types.ts';

export interface StreamTail {
  request: AppendRequest;
  /** Events of request.stream, in revision order, where an earlier copy would be. */
  events: RecordedEvent[];
}

/**
 * 'repeat' with the earlier result when every stream holds the request's events, with the same ids
 * in the same order, as one contiguous run; 'new' when none of the ids is there; 'partial' when some
 * are (a mistake: an append mixing known and new event ids).
 */
export function findEarlierAppend(
  tails: StreamTail[],
): { kind: 'new' } | { kind: 'partial' } | { kind: 'repeat'; result: AppendResult } {
  let position: RecordedEvent['position'] | undefined;
  const streams: AppendResult['streams'] = [];
  let found = 0;
  let total = 0;
  for (const { request, events } of tails) {
    const ids = request.events.map((e) => e.id);
    total += ids.length;
    const known = new Set(events.map((e) => e.id));
    const present = ids.filter((id) => known.has(id)).length;
    found += present;
    if (present !== ids.length || ids.length === 0) continue;
    const start = events.findIndex((e) => e.id === ids[0]);
    const run = events.slice(start, start + ids.length);
    if (run.length !== ids.length || run.some((e, i) => e.id !== ids[i] || e.stream !== request.stream)) return { kind: 'partial' };
    streams.push({ stream: request.stream, revision: run[run.length - 1]!.revision });
    for (const e of run) if (!position || comparePositions(e.position, position) > 0) position = e.position;
  }
  if (found === 0) return { kind: 'new' };
  if (found < total || !position) return { kind: 'partial' };
  return { kind: 'repeat', result: { position, streams, duplicate: true } };
}
