/**
 * Where a person goes after signing in: the `next` of `/login?next=...` and `/api/login?next=...`.
 * Only a path of this site is accepted, so a link cannot send someone signing in to another site
 * (an open redirect). Shared by the web's login page and the server's /api/login redirect.
 */
import { isWebRoute } from './web-routes.ts';

/** Longer `next` values are refused: no page of ours needs one. */
const MAX_NEXT_LENGTH = 2000;
/** Pages that make no sense to return to after signing in (they would send the person back to /). */
const NOT_AFTER_SIGN_IN = new Set(['/login', '/register']);

/**
 * `raw` when it is a path of one of this site's pages (with its query and fragment), else null.
 * Refused: anything not starting with one "/", "//host" and "/\\host" (browsers read both as another
 * site), any backslash or control character (browsers drop tabs and newlines, so "/\t/evil" would
 * become "//evil"), empty and dot segments (which a browser collapses), and paths that are none of
 * the web app's pages, so also every other scheme ("https:", "javascript:").
 */
export function safeNextPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_NEXT_LENGTH) return null;
  if (raw[0] !== '/' || raw[1] === '/') return null;
  if (/[\\\u0000-\u001f\u007f-\u009f]/.test(raw)) return null;
  const pathname = raw.split(/[?#]/, 1)[0]!;
  if (pathname.includes('//') || pathname.split('/').some((segment) => /^(\.|%2e){1,2}$/i.test(segment))) return null;
  if (!isWebRoute(pathname) || NOT_AFTER_SIGN_IN.has(pathname.replace(/\/$/, ''))) return null;
  return raw;
}

/** The login page's address that comes back to `next` afterwards; plain /login when there is nowhere (safe) to come back to. */
export function loginPath(next?: string | null): string {
  const safe = safeNextPath(next);
  return safe && safe !== '/' ? `/login?next=${encodeURIComponent(safe)}` : '/login';
}
