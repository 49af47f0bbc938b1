import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { bookingCursor, type Booking } from '@parliamo/domain/contracts';
import { lessonQueries } from './queries.ts';

/**
 * The lessons before the window of GET /api/bookings, loaded on demand: nothing until the first
 * `loadEarlier()`, then a page more each time. `lessons` are in time order (the oldest first), to be
 * shown with the window's; `ended` once the history has no more.
 */
export function useEarlierLessons(window: Booking[] | undefined) {
  const [asked, setAsked] = useState(false);
  // With an empty window, the lessons before the moment the screen opened.
  const [openedAt] = useState(() => new Date().toISOString());
  const start = window?.length ? bookingCursor(window[0]!) : openedAt;
  const earlier = useInfiniteQuery({ ...lessonQueries.earlierBookings(start), enabled: asked && window !== undefined });
  return {
    lessons: [...(earlier.data?.pages ?? [])].reverse().flat(),
    loadEarlier: () => (!asked ? setAsked(true) : earlier.data ? void earlier.fetchNextPage() : void earlier.refetch()),
    loading: asked && earlier.isFetching,
    ended: asked && earlier.isSuccess && !earlier.hasNextPage,
    error: earlier.error,
  };
}
