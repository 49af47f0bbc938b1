/**
 * A react-hook-form resolver loaded in its own chunk: the public sign-in and registration pages
 * render without zod and the contracts (about 25 KB gzip), which load while the person reads the
 * page (and at the latest on the first check).
 */
import type { FieldValues, Resolver } from 'react-hook-form';

export function lazyResolver<In extends FieldValues, Out>(load: () => Promise<Resolver<In, unknown, Out>>): Resolver<In, unknown, Out> {
  let loading: Promise<Resolver<In, unknown, Out>> | undefined;
  const get = () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined; // a failed chunk (offline, new release) may be tried again
      throw e;
    }));
  // Fetched when the browser is idle after the page has shown, not in the way of its first paint.
  if (typeof window !== 'undefined') {
    const idle = window.requestIdleCallback ?? ((f: () => void) => setTimeout(f, 1000));
    idle(() => void get().catch(() => {}));
  }
  return async (values, context, options) => (await get())(values, context, options);
}
