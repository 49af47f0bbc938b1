import type { z } from 'zod';
import { DomainError } from '@parliamo/domain';

/**
 * Validates input with a contract schema; a failure is a 400 whose message is the first issue's own
 * message (our contract messages are whole sentences, some verbatim from the spec, so no field prefix).
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {});
  if (!result.success) throw new DomainError('invalid', result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}
