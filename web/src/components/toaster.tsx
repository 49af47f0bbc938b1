import { createToaster } from '@chakra-ui/react';

/**
 * One toast at a time, 5000 ms, F8 moves focus to the notification area (spec sections 4 and 9).
 * removeDelay is the exit-animation time here; the spec's 1,000,000 ms removal delay belongs to a
 * toast library that keeps dismissed toasts mounted, which would block the next toast in Chakra's queue.
 * The view (ToasterView.tsx) loads lazily so that the landing page's first script stays small.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});
