// Sentences built around names and counts, for the web and the mails alike.

/**
 * `text` as a sentence ending in one full stop. Names shown as first name plus last initial already end in
 * one ("with Giulia R."), so a sentence ending in such a name must not get a second.
 */
export function sentence(text: string): string {
  const trimmed = text.trimEnd();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}

/** A number of hours with the right plural: "1 hour", "2 hours", "0.5 hours"; `signed` adds "+" to gains ("+1 hour"). */
export function hoursCount(n: number, opts: { signed?: boolean } = {}): string {
  const sign = opts.signed && n > 0 ? '+' : '';
  return `${sign}${n} ${Math.abs(n) === 1 ? 'hour' : 'hours'}`;
}
