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
 * The earlier result when every stream holds the request's events, with the same ids in the same
 * order, as one contiguous run; otherwise null (nothing, or only part, was written before).
 */
export function findEarlierAppend(tails: StreamTail[]): AppendResult | null {
  let position: RecordedEvent['position'] | undefined;
  const streams: AppendResult['streams'] = [];
  for (const { request, events } of tails) {
    const ids = request.events.map((e) => e.id);
    if (ids.length === 0) return null;
    const start = events.findIndex((e) => e.id === ids[0]);
    if (start < 0) return null;
    const run = events.slice(start, start + ids.length);
    if (run.length !== ids.length || run.some((e, i) => e.id !== ids[i] || e.stream !== request.stream)) return null;
    const last = run[run.length - 1]!;
    streams.push({ stream: request.stream, revision: last.revision });
    for (const e of run) if (!position || comparePositions(e.position, position) > 0) position = e.position;
  }
  if (!position) return null;
  return { position, streams, duplicate: true };
}
