/**
 * zod's own messages as codes: a field whose contract gives no message of its own (a wrong type, an
 * option outside an enum, text or a list too long) is refused with a code of the errors catalogue, like
 * every other refusal. Set once for every schema (zod's global `customError`); a schema's own message
 * wins over it. The API adds the field's name (the `...At` codes), which zod does not know here.
 */
import { z } from 'zod';
import { errorRef } from '../errors.ts';

/** The type zod names for a value: "string", "number", "NaN", "array", "null"... */
function typeName(input: unknown): string {
  if (typeof input === 'number') return Number.isNaN(input) ? 'NaN' : Number.isFinite(input) ? 'number' : String(input);
  if (input === null) return 'null';
  if (Array.isArray(input)) return 'array';
  return typeof input;
}

/** The values of an enum as zod writes them: "a"|"b". */
const options = (values: readonly unknown[]) => values.map((v) => (typeof v === 'string' ? `"${v}"` : String(v))).join('|');

z.config({
  customError: (iss) => {
    switch (iss.code) {
      case 'invalid_type':
        return errorRef('common.zodInvalidType', { expected: String(iss.expected), received: typeName(iss.input) });
      case 'invalid_value':
        return iss.values.length > 1 ? errorRef('common.zodInvalidOption', { options: options(iss.values) }) : errorRef('common.zodInvalidInput');
      case 'too_big':
        if (iss.inclusive && !iss.exact && iss.origin === 'string') return errorRef('common.zodTextTooLong', { max: Number(iss.maximum) });
        if (iss.inclusive && !iss.exact && iss.origin === 'array') return errorRef('common.zodListTooLong', { max: Number(iss.maximum) });
        return errorRef('common.zodInvalidInput');
      case 'unrecognized_keys':
        return errorRef(iss.keys.length > 1 ? 'common.unknownFields' : 'common.unknownField', { fields: iss.keys.join(', ') });
      case 'too_small':
        if (iss.inclusive && !iss.exact && iss.origin === 'string') return errorRef('common.zodTextTooShort', { min: Number(iss.minimum) });
        return errorRef('common.zodInvalidInput');
      default:
        return errorRef('common.zodInvalidInput');
    }
  },
});
