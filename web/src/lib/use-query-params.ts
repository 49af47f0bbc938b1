import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearchParams } from 'react-router-dom';
import { useDebounced } from './use-debounced.ts';

/**
 * The address bar's query parameters, and a way to change some of them (an empty value removes one;
 * the page's history entry is replaced). Two changes before the next render both land: React Router's
 * own updater starts from the last render's parameters, so the second would undo the first.
 *
 * A page being left drops its changes: while the next page's code loads (in a transition) the old page
 * stays on screen, and a change it sent then (a search's pause ending) would replace the address the
 * person is going to with its own, taking them back.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | undefined> | null) => void] {
  const [params, setParams] = useSearchParams();
  const { pathname } = useLocation();
  const latest = useRef(params);
  latest.current = params;
  const change = (changes: Record<string, string | undefined> | null) => {
    if (window.location.pathname !== pathname) return;
    const next = new URLSearchParams(changes ? latest.current : undefined);
    for (const [k, v] of Object.entries(changes ?? {})) if (v) next.set(k, v);
    else next.delete(k);
    latest.current = next;
    setParams(next, { replace: true });
  };
  return [params, change];
}

/**
 * A search box's text, sent to the address bar through `set` once typing pauses (300 ms): one request
 * per pause, and the search survives a reload. `current` is the address bar's search; only the typed
 * text drives the change, not the address bar's own changes.
 */
export function useSearchText(current: string | undefined, set: (changes: { search: string }) => void): [string, (text: string) => void] {
  const [text, setText] = useState(current ?? '');
  const typed = useDebounced(text.trim(), 300);
  useEffect(() => {
    if (typed !== (current ?? '')) set({ search: typed });
  }, [typed]);
  return [text, setText];
}

/**
 * A paged list's filters and page in the address bar: a page can be bookmarked and reloaded. `filter`
 * holds the non-empty ones of `keys` and `page`; a change of any filter starts again from the first
 * page; `goTo` moves to another page of the same filters; `clear` removes them all.
 */
export function usePagedFilter<K extends string>(keys: readonly K[]) {
  const [params, change] = useQueryParams();
  const filter: Partial<Record<K | 'page', string>> = {};
  for (const k of [...keys, 'page' as const]) {
    const v = params.get(k);
    if (v) filter[k] = v;
  }
  const set = (changes: Partial<Record<K, string>>) => change({ ...changes, page: undefined });
  return { filter, set, goTo: (page: number) => change({ page: String(page) }), clear: () => change(null) };
}
