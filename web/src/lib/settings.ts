/** The signed-in person's own settings (GET /api/settings) as the screens use them. */
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_TIME_ZONE } from '@parliamo/domain/contracts/settings';
import { useAuth } from './auth.ts';
import { sharedQueries } from './queries.ts';

/** The time zone the signed-in person reads dates and times in (Rome for visitors and by default). */
export function useDisplayTimeZone(): string {
  const { isAuthenticated } = useAuth();
  const { data } = useQuery({ ...sharedQueries.personalSettings(), enabled: isAuthenticated });
  return data?.timeZone ?? DEFAULT_TIME_ZONE;
}

/** The time zones a person can choose from: every one the browser knows, Rome first. */
export function timeZoneChoices(): string[] {
  const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [DEFAULT_TIME_ZONE, ...all.filter((z) => z !== DEFAULT_TIME_ZONE && z.includes('/')), 'UTC'];
}
