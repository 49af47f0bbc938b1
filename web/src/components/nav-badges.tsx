import { createContext, Suspense, useContext, type ComponentType } from 'react';

/**
 * Badges beside the header's and the side menu's links, by the link's path, given by the app (App.tsx:
 * the messages feature's unread count): the shell shows them without reaching into a feature.
 */
export const NavBadges = createContext<Readonly<Record<string, ComponentType>>>({});

/** The badge the app gives for the link to `to`, if any. */
export function NavBadge({ to }: { to: string }) {
  const Badge = useContext(NavBadges)[to];
  if (!Badge) return null;
  return (
    <Suspense fallback={null}>
      <Badge />
    </Suspense>
  );
}
