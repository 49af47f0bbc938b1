/** The signed-in person's own account: their reads, and what their writes make stale (lib/queries.ts). */
import { queryOptions } from '@tanstack/react-query';
import type { Profile } from '@parliamo/domain/contracts';
import { getJson, type Stale } from '../../lib/queries.ts';

export const accountQueries = {
  profile: () => queryOptions({ queryKey: ['profile'] as const, queryFn: ({ signal }) => getJson<Profile>('/api/profile', signal) }),
};

export const accountChanges = {
  profileSaved: ['profile', 'session'],
  /** Signed in, but the answer did not carry the user: read the session again. */
  signedIn: ['session'],
  personalSettingsSaved: ['personalSettings'],
} as const satisfies Record<string, Stale>;
