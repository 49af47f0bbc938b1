import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { describeZodError } from './errors.ts';

describe('describeZodError', () => {
  it('shows our own messages verbatim, without the field name', () => {
    const schema = z.object({ totalHours: z.number().int().min(1, 'Hours must be between 1 and 30') });
    const r = schema.safeParse({ totalHours: 0 });
    expect(r.success).toBe(false);
    expect(describeZodError(r.error!)).toBe('Hours must be between 1 and 30');
  });

  it("names the field when zod's own message does not", () => {
    const r = z.object({ email: z.string() }).safeParse({ email: 5 });
    expect(describeZodError(r.error!)).toMatch(/^email: Invalid input/);
  });
});
