// Shared set-up of the messages tests: people, requests as them, hours bought (a first purchase).
import fs from 'node:fs';
import type { LightMyRequestResponse } from 'fastify';
import type { ErrorCode } from '@parliamo/domain';
import { buyHours } from '../payments/demo-purchase.ts';
import { commandDeps } from '../platform/command.ts';
import type { TestApp } from '../testing/app.ts';
import { authHeaders, sessionCookie } from '../testing/users.ts';

/** A request as `who` (a fresh session cookie at the test clock's now), JSON when there is a payload. */
export async function as(
  t: TestApp,
  who: { id: string },
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return t.app.inject({ method, url, headers: { ...authHeaders(await sessionCookie(t, who.id)), ...headers }, ...(payload ? { payload } : {}) });
}

/** The student buys hours from the teacher (their first purchase, through the ledger). */
export async function purchase(t: TestApp, studentId: string, teacherId: string): Promise<void> {
  await buyHours(commandDeps(t.app), { studentId, teacherId, hours: 2, rateCents: 3000, at: t.clock.now() });
}

const BOUNDARY = '----parliamo-message-test';

/** A multipart/form-data body: a `text` field and files, with the names and types the browser claims. */
export function multipart(text: string, files: { name: string; type: string; bytes: Buffer }[]) {
  const parts: Buffer[] = [Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="text"\r\n\r\n${text}\r\n`)];
  for (const f of files) {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="${f.name}"\r\nContent-Type: ${f.type}\r\n\r\n`), f.bytes, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` } };
}

const englishErrors = JSON.parse(fs.readFileSync(new URL('../../../domain/src/i18n/locales/en/errors.json', import.meta.url), 'utf8')) as Record<string, string>;

/** A refusal's English message, as the API answers it. */
export const english = (code: ErrorCode): string => englishErrors[code]!;
