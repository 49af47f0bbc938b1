import { lazy, type ComponentProps, type ComponentType } from 'react';

/**
 * Like React.lazy, but once its code is there (after `preload` or a first render) the page renders
 * at once, without suspending: a page preloaded before the first render shows without the spinner.
 */
// `any` props: the same constraint as React.lazy's.
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>): ComponentType<ComponentProps<T>> & { preload(): Promise<unknown> } {
  let loaded: T | undefined;
  let loading: Promise<{ default: T }> | undefined;
  const preload = () =>
    (loading ??= load().then(
      (m) => ((loaded = m.default), m),
      (e: unknown) => {
        loading = undefined; // a failed chunk (offline, new release) may be tried again
        throw e;
      },
    ));
  const Lazy = lazy(preload);
  function Page(props: ComponentProps<T>) {
    const Component = (loaded ?? Lazy) as ComponentType<ComponentProps<T>>;
    return <Component {...props} />;
  }
  return Object.assign(Page, { preload });
}
