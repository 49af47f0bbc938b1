/** Helpers for tests that drive the api (import from '@parliamo/api/testing' outside api). */
export { anotherInstance, createTestApp, TEST_START, useTestApp, type TestApp } from './app.ts';
export { createTestDatabase, useTestDatabase, type TestDatabase } from './db.ts';
export * from './users.ts';
export * from './fake-stripe.ts';
export { settleMails } from './mails.ts';
export { pdfText } from './pdf.ts';
