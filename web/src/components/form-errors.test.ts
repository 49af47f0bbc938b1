import { describe, expect, it, vi } from 'vitest';
import type { FieldErrors } from 'react-hook-form';
import { loginSchema, registerSchema } from '@parliamo/domain/contracts/accounts';

const shown: unknown[] = [];
vi.mock('./toaster.tsx', () => ({ toaster: { create: (t: unknown) => shown.push(t) } }));
const { errorMessages, fieldError, toastInvalid } = await import('./form-errors.ts');
// The toasts' words come from the English catalog, as in the browser.
await (await import('../lib/i18n-store.ts')).loadLocale('en');
const { contractResolver } = await import('../lib/contract-resolver.ts');

/** What the forms' resolver (zod, missing fields marked) reports for these values. */
async function errorsOf(schema: Parameters<typeof contractResolver>[0], values: Record<string, unknown>): Promise<FieldErrors> {
  const result = await contractResolver(schema)(values, undefined, { fields: {}, shouldUseNativeValidation: false });
  return result.errors;
}

const person = {
  email: 'anna@example.com', password: 'lunga-password-1', confirmPassword: 'lunga-password-1', firstName: 'Anna', lastName: 'Rossi',
  dateOfBirth: '1990-05-01', placeOfBirth: 'Roma', nationality: 'Italiana', phoneNumber: '', address: 'Via Roma 1', city: 'Roma',
  postalCode: '00100', fiscalCode: '', vatNumber: '',
};

describe('form validation toasts (verbatim)', () => {
  it('login with an empty field: "Errore: Inserisci email e password"', async () => {
    shown.length = 0;
    toastInvalid(await errorsOf(loginSchema, { email: '  ', password: '' }), { title: 'Errore', description: 'Inserisci email e password' });
    expect(shown).toEqual([{ type: 'error', title: 'Errore', description: 'Inserisci email e password' }]);
  });

  it('registration with a required field left blank: "Errore: Compila tutti i campi obbligatori", before the password check', async () => {
    shown.length = 0;
    const errors = await errorsOf(registerSchema, { ...person, postalCode: '   ', confirmPassword: 'other' });
    toastInvalid(errors, { title: 'Errore', description: 'Compila tutti i campi obbligatori' });
    expect(shown).toEqual([{ type: 'error', title: 'Errore', description: 'Compila tutti i campi obbligatori' }]);
    // The field is marked, without repeating the toast's text under it.
    expect(fieldError(errors.postalCode as never)).toEqual({ error: undefined, invalid: true });
  });

  it('different passwords: "Error: Passwords do not match", also under the confirmation', async () => {
    shown.length = 0;
    const errors = await errorsOf(registerSchema, { ...person, confirmPassword: 'other' });
    toastInvalid(errors, { title: 'Errore', description: 'Compila tutti i campi obbligatori' });
    expect(shown).toEqual([{ type: 'error', title: 'Error', description: 'Passwords do not match' }]);
    expect(fieldError(errors.confirmPassword as never)).toEqual({ error: 'Passwords do not match', invalid: true });
  });

  it('any other problem: "Error" with the contract\'s message, the one the API would answer', async () => {
    shown.length = 0;
    const errors = await errorsOf(registerSchema, { ...person, fiscalCode: 'X'.repeat(17) });
    expect(errorMessages(errors)).toEqual(['Fiscal code must be at most 16 characters']);
    toastInvalid(errors, { title: 'Errore', description: 'Compila tutti i campi obbligatori' });
    expect(shown).toEqual([{ type: 'error', title: 'Error', description: 'Fiscal code must be at most 16 characters' }]);
  });

  it('valid input: no toast', async () => {
    shown.length = 0;
    toastInvalid(await errorsOf(registerSchema, person), { title: 'Errore', description: 'x' });
    expect(shown).toEqual([]);
  });
});
