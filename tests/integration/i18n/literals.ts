// Finds the user-visible strings written in source instead of taken from a catalog (docs/i18n.md,
// "The check"). Reads TypeScript with the compiler's API; no code runs.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

export const root = path.resolve(import.meta.dirname, '..', '..', '..');

/** One string a person would read, where it is. */
export interface Literal {
  file: string;
  line: number;
  text: string;
  kind: 'jsx-text' | 'attribute' | 'property' | 'toast' | 'error' | 'sentence';
}

/** JSX attributes people read or hear (screen readers). */
const VISIBLE_ATTRIBUTES = new Set([
  'aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'hint', 'intro', 'description',
  'loadingText', 'helperText', 'emptyText', 'text', 'heading', 'subtitle', 'caption', 'legend', 'tooltip', 'message', 'confirmLabel', 'cancelLabel',
]);
/** Object properties whose string values are shown (link lists, toasts, options). */
const VISIBLE_PROPERTIES = new Set(['label', 'title', 'description', 'placeholder', 'hint', 'text', 'heading', 'intro', 'message', 'helperText']);

/**
 * Strings that stay as they are in every language: names and proper nouns, codes, symbols. Keep it
 * short; a line that must keep a literal can also say `i18n-ignore` in a comment on it or above it.
 */
export const SAME_IN_EVERY_LANGUAGE = new Set(['Parliamo', 'Scuola di Roma ·', 'dal 1985', 'IT', 'EN', 'Email', 'Password', 'FAQ', 'Stripe', 'PDF', 'CSV', 'OK']);

/** A catalog key (`common.nav.home`), a path, a CSS value or code-ish text: not prose. */
const NOT_PROSE = /^(?:[a-z][a-zA-Z0-9]*(?:\.[a-zA-Z0-9_]+)+|\/[\w/:.-]*|[#.\w-]+|[\d\s.,:;%€+\-–—/()×·*]+)$/;

function isProse(text: string): boolean {
  const s = text.trim();
  if (!s || !/\p{L}{2,}/u.test(s)) return false;
  if (SAME_IN_EVERY_LANGUAGE.has(s)) return false;
  if (NOT_PROSE.test(s) && !/^[A-Z]/.test(s) && !s.includes(' ')) return false;
  return true;
}

function ignored(source: ts.SourceFile, node: ts.Node): boolean {
  const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
  const lines = source.text.split('\n');
  return [lines[line], lines[line - 1]].some((l) => l?.includes('i18n-ignore'));
}

/** The text of a string literal or template (each `${...}` as `{}`), or null for anything else. */
function stringOf(node: ts.Node | undefined): string | null {
  if (!node) return null;
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return node.head.text + node.templateSpans.map((s) => `{}${s.literal.text}`).join('');
  if (ts.isParenthesizedExpression(node)) return stringOf(node.expression);
  if (ts.isConditionalExpression(node)) return stringOf(node.whenTrue) ?? stringOf(node.whenFalse);
  return null;
}

/** Every user-visible literal of a web source file (.tsx/.ts). */
export function webLiterals(file: string): Literal[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: Literal[] = [];
  const add = (node: ts.Node, value: string, kind: Literal['kind']) => {
    if (!isProse(value) || ignored(source, node)) return;
    out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: value.trim().replace(/\s+/g, ' '), kind });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) add(node, node.text, 'jsx-text');
    else if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const init = node.initializer;
      const value = init && ts.isJsxExpression(init) ? stringOf(init.expression) : stringOf(init);
      if (value !== null) add(node, value, 'attribute');
    } else if (ts.isJsxExpression(node) && node.parent && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const value = stringOf(node.expression);
      if (value !== null) add(node, value, 'jsx-text');
    } else if (ts.isPropertyAssignment(node) && VISIBLE_PROPERTIES.has(node.name.getText(source))) {
      const value = stringOf(node.initializer);
      if (value !== null) add(node, value, 'property');
    } else if (ts.isCallExpression(node) && /(^|\.)(errorMessage|confirm|alert)$/.test(node.expression.getText(source))) {
      for (const arg of node.arguments) {
        const value = stringOf(arg);
        if (value !== null) add(arg, value, 'toast');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/**
 * The English sentences of a server file that reach people: DomainError messages, `message:`
 * answers, zod messages (contracts), mail and PDF text. A sentence is a literal that starts with a
 * capital letter and has a space, or any argument of `new DomainError`.
 */
export function serverLiterals(file: string): Literal[] {
  const text = fs.readFileSync(path.join(root, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const out: Literal[] = [];
  const add = (node: ts.Node, value: string, kind: Literal['kind']) => {
    if (!isProse(value) || ignored(source, node)) return;
    out.push({ file, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, text: value, kind });
  };
  const visit = (node: ts.Node) => {
    // Log lines, SQL and imports are for us, not for people.
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    if (ts.isCallExpression(node) && /(^|\.)(log|warn|error|info|debug|query|sql|raw)$/.test(node.expression.getText(source).replace(/\?$/, ''))) return;
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node)) {
      const value = stringOf(node)!;
      if (/^[A-Z€]/.test(value.trim()) && /\s/.test(value.trim()) && !/^(SELECT|INSERT|UPDATE|DELETE|WITH|CREATE|ALTER|DROP)\b/.test(value.trim())) add(node, value, 'sentence');
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return out;
}

/** Every file under `dir` (relative to the repo) with one of `exts`, tests left out. */
export function sourceFiles(dir: string, exts: string[]): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of fs.readdirSync(path.join(root, d), { withFileTypes: true })) {
      const rel = `${d}/${e.name}`;
      if (e.isDirectory()) walk(rel);
      else if (exts.some((x) => e.name.endsWith(x)) && !/\.test\.tsx?$/.test(e.name)) out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}
