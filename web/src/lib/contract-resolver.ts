/**
 * react-hook-form's zod resolver for a schema of domain/src/contracts, which also marks the errors
 * of required fields left empty as `type: 'required'` (the contracts give them the product's "fill in
 * every required field" messages), so that a form can say so once, in its toast (components/form-errors.ts).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldError, FieldValues, Resolver } from 'react-hook-form';
import { errorRef } from '@parliamo/domain/errors';
import { MESSAGES } from '@parliamo/domain/contracts/accounts';
import { issueText } from './i18n-store.ts';

const MISSING: readonly string[] = [errorRef(MESSAGES.requiredFieldsMissing), errorRef(MESSAGES.loginFieldsMissing)];

function markMissing(errors: unknown): void {
  if (!errors || typeof errors !== 'object') return;
  const e = errors as FieldError;
  if (typeof e.message === 'string') {
    if (MISSING.includes(e.message)) e.type = 'required';
    // The contracts' messages are codes (they are the API's too): the person reads the active language.
    e.message = issueText(e.message);
    return;
  }
  for (const v of Object.values(errors)) markMissing(v);
}

/** The zod resolver of `schema`, with missing required fields marked as such and messages in the active language. */
export function contractResolver<In extends FieldValues, Out>(schema: Parameters<typeof zodResolver>[0]): Resolver<In, unknown, Out> {
  const resolve = zodResolver(schema) as unknown as Resolver<In, unknown, Out>;
  return async (values, context, options) => {
    const result = await resolve(values, context, options);
    markMissing(result.errors);
    return result;
  };
}
