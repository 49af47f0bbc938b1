/**
 * The cookie choice as the Garante's guidelines want it: remembered for 6 months, then asked again.
 * The spec's `cookiesAccepted` ("true" or "false") stays the choice; `cookiesAcceptedAt` beside it
 * says when it was made. A choice without a date (made before the date was kept) is dated when first
 * seen, so it too is asked again 6 months later.
 */
export const CHOICE_KEY = 'cookiesAccepted';
export const CHOICE_AT_KEY = 'cookiesAcceptedAt';
/** How long a choice holds: 6 months, counted as 183 days. */
export const CHOICE_DAYS = 183;

type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The choice still in force at `now` ("true" / "false"), or null when the banner must ask. */
export function choiceInForce(storage: Storage, now: Date): string | null {
  const choice = storage.getItem(CHOICE_KEY);
  if (choice === null) return null;
  const at = Date.parse(storage.getItem(CHOICE_AT_KEY) ?? '');
  if (Number.isNaN(at)) {
    storage.setItem(CHOICE_AT_KEY, now.toISOString());
    return choice;
  }
  if (now.getTime() - at >= CHOICE_DAYS * 86_400_000) {
    storage.removeItem(CHOICE_KEY);
    storage.removeItem(CHOICE_AT_KEY);
    return null;
  }
  return choice;
}

/** Records the person's choice with its date. */
export function recordChoice(storage: Storage, accepted: boolean, now: Date): void {
  storage.setItem(CHOICE_KEY, String(accepted));
  storage.setItem(CHOICE_AT_KEY, now.toISOString());
}
