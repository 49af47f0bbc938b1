import { createToaster } from '@chakra-ui/react';

/**
 * One toast at a time, 5000 ms, F8 moves focus to the notification area.
 * removeDelay is the exit-animation time here; the product's 1,000,000 ms removal delay belongs to a
 * toast library that keeps dismissed toasts mounted, which would block the next toast in Chakra's queue.
 * The view (ToasterView.tsx) loads lazily so that the landing page's first script stays small.
 */
const store = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

/** A new toast takes the place of the one on screen instead of waiting behind it. */
function replacing<A extends unknown[], R>(show: (...args: A) => R): (...args: A) => R {
  return (...args) => {
    store.dismiss();
    return show(...args);
  };
}

export const toaster: typeof store = {
  ...store,
  create: replacing(store.create),
  success: replacing(store.success),
  error: replacing(store.error),
  info: replacing(store.info),
  warning: replacing(store.warning),
  loading: replacing(store.loading),
};
