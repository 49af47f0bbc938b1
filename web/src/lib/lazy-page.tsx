import { lazy, type ComponentProps, type ComponentType } from 'react';
import type { FetchQueryOptions } from '@tanstack/react-query';
import { queryClient } from './api.ts';

/** A page module: the page, and the reads (its feature's queries.ts) it makes on its first render (if it says). */
// Props `any`: the same constraint as React.lazy's.
type PageModule<T extends ComponentType<any>> = { default: T; firstReads?: () => readonly FetchQueryOptions<any, any, any, any>[] };

/**
 * Like React.lazy, plus `preload`: loads the page's code and the data it reads first (its module's
 * `firstReads`). Once the code is there the page renders at once, without suspending, so a page
 * preloaded before the first render shows without the spinner and with its data.
 */
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<PageModule<T>>): ComponentType<ComponentProps<T>> & { preload(): Promise<unknown> } {
  let loaded: T | undefined;
  let loading: Promise<PageModule<T>> | undefined;
  const code = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (e: unknown) => {
        loading = undefined; // a failed chunk (offline, new release) may be tried again
        throw e;
      },
    ));
  const preload = () => code().then((m) => Promise.all((m.firstReads?.() ?? []).map((options) => queryClient.prefetchQuery(options))));
  const Lazy = lazy(code);
  function Page(props: ComponentProps<T>) {
    const Component = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
