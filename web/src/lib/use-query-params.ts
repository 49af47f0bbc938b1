import { useRef } from 'react';
import { useSearchParams } from 'react-router-dom';

/**
 * The address bar's query parameters, and a way to change some of them (an empty value removes one;
 * the page's history entry is replaced). Two changes before the next render both land: React Router's
 * own updater starts from the last render's parameters, so the second would undo the first.
 */
export function useQueryParams(): [URLSearchParams, (changes: Record<string, string | undefined> | null) => void] {
  const [params, setParams] = useSearchParams();
  const latest = useRef(params);
  latest.current = params;
  const change = (changes: Record<string, string | undefined> | null) => {
    const next = new URLSearchParams(changes ? latest.current : undefined);
    for (const [k, v] of Object.entries(changes ?? {})) if (v) next.set(k, v);
    else next.delete(k);
    latest.current = next;
    setParams(next, { replace: true });
  };
  return [params, change];
}
