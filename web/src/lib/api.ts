import { QueryClient } from '@tanstack/react-query';

/**
 * A non-OK answer: its message is "STATUS: body"; `status` and the `code` of our
 * JSON errors (docs/api.md "Errors") say what it was without reading the text.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    body: string,
  ) {
    super(`${status}: ${body}`);
    this.name = 'ApiError';
  }
}

/** The `code` of a JSON error body, or null. */
function codeOf(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { code?: unknown };
    return typeof parsed.code === 'string' ? parsed.code : null;
  } catch {
    return null;
  }
}

/** Turns a non-OK response into an ApiError. */
export async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = (await res.text()) || res.statusText;
    throw new ApiError(res.status, codeOf(text), text);
  }
}

/** Every call sends cookies; a JSON body goes with a JSON content type. `extra`: more headers (e.g. Idempotency-Key). */
export async function apiRequest(method: string, url: string, data?: unknown, extra: Record<string, string> = {}): Promise<Response> {
  const headers: Record<string, string> = { ...extra, 'X-Requested-With': 'parliamo' };
  if (data !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(url, {
    method,
    headers,
    body: data !== undefined ? JSON.stringify(data) : undefined,
    credentials: 'include',
  });
  await throwIfResNotOk(res);
  return res;
}

/** Sends one file as a form upload (multipart, field `name`); same cookies, header and errors as apiRequest. */
export async function apiUpload(url: string, name: string, file: File): Promise<Response> {
  const body = new FormData();
  body.append(name, file);
  // No Content-Type here: the browser writes it, with the multipart boundary.
  const res = await fetch(url, { method: 'POST', headers: { 'X-Requested-With': 'parliamo' }, body, credentials: 'include' });
  await throwIfResNotOk(res);
  return res;
}

/** True for a 401 that means "not signed in" (not, say, wrong credentials at sign-in). */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.code === 'common.unauthorized';
}

/**
 * The message a person should read for an API error: the server's `message` when the body is our
 * JSON error, else the body text; `fallback` when there is nothing useful.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof Error)) return fallback;
  const m = /^\d{3}: ([\s\S]*)$/.exec(error.message);
  if (!m) return error.message || fallback;
  const body = m[1] ?? '';
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
  } catch {
    /* not JSON */
  }
  return body.trim() && !body.trim().startsWith('<') ? body.trim() : fallback;
}

/** Defaults of every read; each read's address and type come from its feature's queries.ts. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Infinity,
      gcTime: 5 * 60 * 1000,
      retry: false,
    },
    mutations: { retry: false },
  },
});
