// Bad input generated from the zod contracts (domain/src/contracts): for each field of a body, values
// of the wrong type that its schema can never accept, plus odd but well-typed values (huge and unicode
// strings, SQL, negative, fractional, -0), missing and extra fields; and bodies that are not JSON at all.
import fc from 'fast-check';
import type { z } from 'zod';

export type FieldKind = 'string' | 'number' | 'boolean' | 'enum' | 'array' | 'object' | 'other';

export interface FieldInfo {
  kind: FieldKind;
  /** The element of an array, the fields of an object. */
  element?: FieldInfo;
  fields?: Record<string, FieldInfo>;
}

const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional']);

/** What a zod schema takes, looking through optional/nullable/default wrappers and pipes. */
export function describeSchema(schema: z.ZodType): FieldInfo {
  let def = (schema as any)._zod.def;
  for (let i = 0; i < 20; i++) {
    if (WRAPPERS.has(def.type)) def = def.innerType._zod.def;
    else if (def.type === 'pipe') def = def.in._zod.def;
    else break;
  }
  switch (def.type) {
    case 'string':
    case 'number':
    case 'boolean':
    case 'enum':
      return { kind: def.type };
    case 'array':
      return { kind: 'array', element: describeSchema(def.element) };
    case 'object':
      return { kind: 'object', fields: Object.fromEntries(Object.entries(def.shape).map(([k, v]) => [k, describeSchema(v as z.ZodType)])) };
    default:
      return { kind: 'other' };
  }
}

/** Strings that stress storage and rendering: huge, unicode, control characters, SQL and markup. */
export const INJECTIONS = [
  `'; DROP TABLE users; --`,
  `' OR '1'='1`,
  `1; DELETE FROM events WHERE true; --`,
  `') ; TRUNCATE events CASCADE; --`,
  `\\'; SELECT pg_sleep(5); --`,
  `" OR ""="`,
  `<script>alert(1)</script>`,
  `{{7*7}}\${7*7}`,
  `%00%27`,
  `$1`,
];

export const weirdString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...INJECTIONS),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('', ' ', '\u0000', '\u202eevil', 'ｅｍａｉｌ＠ｅｘａｍｐｌｅ', '🇮🇹🍝', 'a\r\nSet-Cookie: x=1', '../../etc/passwd', 'null', 'NaN'),
  fc.integer({ min: 1_000, max: 20_000 }).map((n) => 'x'.repeat(n)),
  fc.integer({ min: 100, max: 2_000 }).map((n) => 'è🙂'.repeat(n)),
);

/** A query string value: odd text, and values at the edges of what the query contracts take (dates, positions). */
export const EDGE_QUERY_VALUES = [
  '9999-12-31', '0000-01-01', '1899-12-31', '2026-02-30', '2026-12-01T25:00:00Z', '+275760-09-13T00:00:00Z', '-000001-01-01T00:00:00Z',
  '99999999999999999999:1', '1:99999999999999999999', '9223372036854775808:0', '9223372036854775807:9223372036854775807', '-1:-1', '1:2:3', ':',
  'csv', 'json', 'CSV', 'student', 'admin', '1e400', '-0', 'true', '', ' ',
];

export const oddQueryValue: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: weirdString.filter((s) => encodeURIComponent(s).length < 1500), weight: 2 },
  { arbitrary: fc.constantFrom(...EDGE_QUERY_VALUES), weight: 3 },
  // Real dates and instants of years 0..9999, most of them far from today.
  { arbitrary: fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()), weight: 2 },
  { arbitrary: fc.date({ min: new Date('0000-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), weight: 2 },
  { arbitrary: fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 70n }), fc.bigInt({ min: 0n, max: 2n ** 70n })).map(([a, b]) => `${a}:${b}`), weight: 2 },
);

export const oddNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 1.005, 24, 31, 1e-9, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 53 + 1),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** A value that a field of this kind never accepts (null is left out: optional fields take it). */
export function wrongValue(info: FieldInfo): fc.Arbitrary<unknown> | undefined {
  switch (info.kind) {
    case 'string':
      return fc.oneof(fc.integer(), fc.boolean(), fc.constant([]), fc.constant({ $ne: '' }), fc.array(fc.string(), { minLength: 1, maxLength: 3 }));
    case 'number':
      // Every number in our contracts has bounds well below 1e300.
      return fc.oneof(fc.constantFrom('1', '12', '', '1e3', 'NaN', 'Infinity'), fc.boolean(), fc.constant([]), fc.constant({}), fc.constantFrom(1e300, -1e300));
    case 'boolean':
      return fc.oneof(fc.constantFrom('true', 'false', 1, 0, 'yes'), fc.constant([]), fc.constant({}));
    case 'enum':
      return fc.oneof(fc.constantFrom('superadmin', 'ADMIN', 'root', ''), fc.integer(), fc.boolean());
    case 'array': {
      const bad = info.element ? wrongValue(info.element) : undefined;
      return fc.oneof(fc.string(), fc.integer(), fc.constant({}), ...(bad ? [fc.array(bad, { minLength: 1, maxLength: 3 })] : []));
    }
    case 'object':
      return fc.oneof(fc.string(), fc.integer(), fc.constant([]), fc.boolean());
    default:
      return undefined;
  }
}

/** A value of the right type but odd content (may or may not be accepted). */
export function oddValue(info: FieldInfo): fc.Arbitrary<unknown> {
  switch (info.kind) {
    case 'string':
      return weirdString;
    case 'number':
      return oddNumber;
    case 'array':
      return fc.array(info.element ? oddValue(info.element) : fc.anything(), { maxLength: 30 });
    default:
      return fc.oneof(fc.constant(null), fc.anything({ maxDepth: 2 }));
  }
}

/**
 * Bodies the contract must refuse: the valid sample with at least one field of a type it never takes,
 * others odd or missing, unknown fields added; or a JSON value that is not an object at all.
 */
export function badBody(schema: z.ZodType, valid: Record<string, unknown>): fc.Arbitrary<unknown> {
  const info = describeSchema(schema);
  const fields = Object.entries(info.fields ?? {});
  const breakable = fields.filter(([, f]) => wrongValue(f) !== undefined);
  const notAnObject = fc.oneof(fc.string({ maxLength: 20 }), fc.integer(), fc.constant(null), fc.boolean(), fc.array(fc.anything({ maxDepth: 1 }), { maxLength: 3 }));
  if (!breakable.length) return notAnObject;
  const mutated = fc
    .record({
      broken: fc.subarray(breakable, { minLength: 1 }).chain((chosen) => fc.tuple(...chosen.map(([k, f]) => wrongValue(f)!.map((v) => [k, v] as const)))),
      odd: fc.subarray(fields).chain((chosen): fc.Arbitrary<(readonly [string, unknown])[]> =>
        chosen.length ? fc.tuple(...chosen.map(([k, f]) => oddValue(f).map((v) => [k, v] as const))) : fc.constant([]),
      ),
      removed: fc.subarray(fields.map(([k]) => k)),
      extra: fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), fc.anything({ maxDepth: 1 }), { maxKeys: 3 }),
    })
    .map(({ broken, odd, removed, extra }) => {
      const body: Record<string, unknown> = { ...extra, ...valid };
      for (const [k, v] of odd) body[k] = v;
      for (const k of removed) delete body[k];
      for (const [k, v] of broken) body[k] = v;
      return body;
    });
  return fc.oneof({ arbitrary: mutated, weight: 5 }, { arbitrary: notAnObject, weight: 1 });
}

/** Raw requests that are not JSON, or claim the wrong content type: [content-type | undefined, body]. */
export const rawGarbage: fc.Arbitrary<[string | undefined, string]> = fc.oneof(
  fc.tuple(
    fc.constant('application/json'),
    fc.oneof(
      fc.constantFrom('{', '{"a":', '[1,2', '{"hour": NaN}', '{"hour": Infinity}', "{'a':1}", '{"a":1,}', 'undefined', 'NaN', '\u0000', '{"a":"\\u12"}'),
      fc.string({ minLength: 1, maxLength: 50 }).filter((s) => {
        try {
          JSON.parse(s);
          return false;
        } catch {
          return true;
        }
      }),
      fc.constant(`{"x":"${'y'.repeat(300 * 1024)}"}`),
    ),
  ),
  fc.tuple(
    fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'text/html', 'application/octet-stream', undefined),
    fc.constantFrom('{"email":"a@b.c"}', 'a=1&b=2', '<x/>', '--x--', 'hello'),
  ),
);
