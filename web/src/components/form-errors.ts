/**
 * How a form that failed validation (react-hook-form with a zod schema of domain/src/contracts) tells
 * the person: a missing required field gives the form's own "fill in everything" toast (
 * "Errore: Compila tutti i campi obbligatori", "Errore: Inserisci email e password"), any other problem
 * an "Error" toast with the schema's message, which is also the API's answer to the same input.
 */
import type { FieldError, FieldErrors } from 'react-hook-form';
import { toaster } from './toaster.tsx';
import { t } from '../lib/i18n-store.ts';

/** Every field error of a form, in the order of the fields. */
export function fieldErrors(errors: FieldErrors): FieldError[] {
  const out: FieldError[] = [];
  const walk = (e: unknown) => {
    if (!e || typeof e !== 'object') return;
    if (typeof (e as FieldError).message === 'string') out.push(e as FieldError);
    else for (const v of Object.values(e)) if (v && typeof v === 'object' && !('nodeType' in v)) walk(v);
  };
  walk(errors);
  return out;
}

/** Every message of a form's errors, in the order of the fields. */
export function errorMessages(errors: FieldErrors): string[] {
  return fieldErrors(errors).map((e) => e.message ?? '').filter(Boolean);
}

/** True when a field's error is "this is required" (lib/contract-resolver.ts), which the toast says once for every field. */
export function isMissing(error: FieldError | undefined): boolean {
  return error?.type === 'required';
}

/** The text under a field: its own problem, or nothing when it is only missing (the toast says so). */
export function fieldError(error: FieldError | undefined): { error?: string; invalid: boolean } {
  return { error: error && !isMissing(error) ? error.message : undefined, invalid: !!error };
}

/** The "fill in everything" toast of the registration, which the profile forms share (public.json `register.invalid.*`, the same in both languages). */
export function missingFieldsToast(): { title: string; description: string } {
  return { title: t('public.register.invalid.title'), description: t('public.register.invalid.description') };
}

/** The toast for a form that failed validation: `missing` when a required field is empty, else the first message. */
export function toastInvalid(errors: FieldErrors, missing: { title: string; description: string }): void {
  const all = fieldErrors(errors);
  if (all.some(isMissing)) toaster.create({ type: 'error', ...missing });
  else if (all[0]?.message) toaster.create({ type: 'error', title: t('common.error'), description: all[0].message });
}
