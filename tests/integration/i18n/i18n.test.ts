// The i18n check (docs/i18n.md, "The check"): both languages have the same keys in every catalog, every
// message is valid ICU with the plural forms each language needs and the same arguments, and no file
// shows people a literal string instead of a catalog's message.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ICU_TYPE as TYPE, LOCALES, parseIcu as parse, type Catalog, type MessageFormatElement } from '@parliamo/domain/i18n';
import { root, serverLiterals, sourceFiles, webLiterals, type Literal } from './literals.ts';

const CATALOG_DIRS = ['web/src/locales', 'domain/src/i18n/locales'];

/** Server files whose strings are for the people who run the school's servers, not for its users. */
const SERVER_SKIP = /^api\/src\/(testing\/|ops\/|seed\.ts|config\.ts|start\.ts|server\.ts|platform\/db\/|platform\/metrics\/|accounts\/session-keys\.ts|platform\/health-routes\.ts)/;

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Catalog;

/** `<dir>/<locale>/<area>.json` for every catalog directory, area and language. */
function catalogs(): { dir: string; area: string; byLocale: Record<string, Catalog> }[] {
  return CATALOG_DIRS.flatMap((dir) => {
    const areas = new Set(LOCALES.flatMap((l) => fs.readdirSync(path.join(root, dir, l)).filter((f) => f.endsWith('.json'))));
    return [...areas].map((file) => ({
      dir,
      area: file.replace(/\.json$/, ''),
      byLocale: Object.fromEntries(LOCALES.map((l) => [l, fs.existsSync(path.join(root, dir, l, file)) ? readJson(`${dir}/${l}/${file}`) : {}])),
    }));
  });
}

/** Argument names and plural/select option sets of a parsed message. */
function shape(elements: MessageFormatElement[], args = new Set<string>(), plurals: { name: string; options: string[] }[] = []) {
  for (const e of elements) {
    if (e.type === TYPE.literal || e.type === TYPE.pound) continue;
    if (e.type === TYPE.tag) {
      args.add(`<${e.value}>`);
      shape(e.children, args, plurals);
      continue;
    }
    args.add(e.value);
    if (e.type === TYPE.plural || e.type === TYPE.select) {
      if (e.type === TYPE.plural) plurals.push({ name: e.value, options: Object.keys(e.options) });
      for (const o of Object.values(e.options)) shape(o.value, args, plurals);
    }
  }
  return { args, plurals };
}

function findings(): Map<string, Literal[]> {
  const all = [
    ...sourceFiles('web/src', ['.ts', '.tsx']).flatMap(webLiterals),
    ...[...sourceFiles('api/src', ['.ts']).filter((f) => !SERVER_SKIP.test(f)), ...sourceFiles('domain/src', ['.ts']).filter((f) => !/\/testing\//.test(f))].flatMap(serverLiterals),
  ];
  const byFile = new Map<string, Literal[]>();
  for (const l of all) byFile.set(l.file, [...(byFile.get(l.file) ?? []), l]);
  return byFile;
}

describe('i18n catalogs', () => {
  const all = catalogs();

  it.each(all.map((c) => [`${c.dir}/*/${c.area}.json`, c] as const))('%s: the same keys in every language', (_name, c) => {
    const [first, ...others] = LOCALES;
    for (const l of others) {
      const missingHere = Object.keys(c.byLocale[first]!).filter((k) => !(k in c.byLocale[l]!));
      const missingThere = Object.keys(c.byLocale[l]!).filter((k) => !(k in c.byLocale[first]!));
      expect({ [`missing in ${l}`]: missingHere, [`missing in ${first}`]: missingThere }).toEqual({ [`missing in ${l}`]: [], [`missing in ${first}`]: [] });
    }
  });

  it.each(all.map((c) => [`${c.dir}/*/${c.area}.json`, c] as const))('%s: valid ICU, the same arguments, the plurals each language needs', (_name, c) => {
    const problems: string[] = [];
    for (const key of Object.keys(c.byLocale.en!)) {
      const shapes = LOCALES.map((l) => {
        const message = c.byLocale[l]![key] as string | undefined; // the files hold text
        if (message === undefined) return null;
        if (!message.trim()) problems.push(`${l} ${key}: empty`);
        try {
          return shape(parse(message));
        } catch (e) {
          problems.push(`${l} ${key}: not valid ICU (${(e as Error).message})`);
          return null;
        }
      });
      const [en, ...rest] = shapes;
      for (const [i, s] of rest.entries()) {
        if (!en || !s) continue;
        const a = [...en.args].sort().join(','), b = [...s.args].sort().join(',');
        if (a !== b) problems.push(`${LOCALES[i + 1]} ${key}: arguments {${b}} differ from English {${a}}`);
      }
      for (const [i, s] of shapes.entries()) {
        // Italian and English both need "one" and "other" (Italian's "many" is for 1 milione and the like).
        for (const p of s?.plurals ?? []) if (!p.options.includes('other') || !(p.options.includes('one') || p.options.includes('=1'))) problems.push(`${LOCALES[i]} ${key}: plural {${p.name}} needs "one" and "other"`);
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('no literal strings for people outside the catalogs', () => {
  const found = findings();

  it('every file takes its strings from a catalog', () => {
    const offenders = [...found.values()].flatMap((ls) => ls.map((l) => `${l.file}:${l.line} ${l.kind}: ${l.text}`));
    // Move the string to a catalog (docs/i18n.md); a proper noun goes in SAME_IN_EVERY_LANGUAGE
    // (literals.ts) or gets an `i18n-ignore` comment.
    expect(offenders).toEqual([]);
  });
});
