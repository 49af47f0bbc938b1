import { Navigate, useSearchParams } from 'react-router-dom';
import { loginPath, safeNextPath } from '@parliamo/domain/next-path';

export { loginPath, safeNextPath };

/** The page being shown, as a `next` to come back to: its path and query. */
export function currentPath(): string {
  return `${window.location.pathname}${window.location.search}`;
}

/** The same-site page this sign-in or registration should return to (`?next=`), or null. */
export function useNextPath(): string | null {
  const [params] = useSearchParams();
  return safeNextPath(params.get('next'));
}

/** `path` with `?next=` kept (for links between /login and /register). */
export function withNext(path: string, next: string | null): string {
  return next ? `${path}?next=${encodeURIComponent(next)}` : path;
}

/** For a signed-in person on /login or /register: on to the `?next=` page, or to /. */
export function ToNextPage() {
  return <Navigate to={useNextPath() ?? '/'} replace />;
}
