import crypto from 'node:crypto';

/** Compares two secrets in constant time (whatever their lengths). */
export function sameSecret(a: string, b: string): boolean {
  const ha = crypto.createHash('sha256').update(a).digest();
  const hb = crypto.createHash('sha256').update(b).digest();
  return crypto.timingSafeEqual(ha, hb);
}

/**
 * A URL fit for the log: the calendar feed's secret path and any `token` parameter (reset links, the
 * development outbox) become `[redacted]`, so no log line can be replayed.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/^\/api\/calendar\/[^/?#]+\.ics(?=[?#]|$)/, '/api/calendar/[redacted].ics')
    .replace(/([?&]token=)[^&#]*/gi, '$1[redacted]');
}
