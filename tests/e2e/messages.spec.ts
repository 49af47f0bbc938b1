import { test, type Browser, type Page } from '@playwright/test';
import { baseURL } from '../playwright.config.ts';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';

// Messages between a new student and the demo teacher (Giulia Rossi), in two browsers at once: the
// first message from the teacher's profile, the answer arriving live with the unread count in the
// header, a PDF going back and forth, in English and in Italian.
test.describe.configure({ timeout: 120_000 });

const TEXT = {
  en: { message: 'Message', send: 'Send', yourMessage: 'Your message', attach: 'Attach files', messages: 'Messages', from: 'New message from Giulia Rossi' },
  it: { message: 'Messaggio', send: 'Invia', yourMessage: 'Il tuo messaggio', attach: 'Allega file', messages: 'Messaggi', from: 'Nuovo messaggio da Giulia Rossi' },
} as const;

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

/** A browser signed in as `who`, then shown `lang` (after the sign-in, which would save a chosen language as the person's own). */
async function personIn(browser: Browser, lang: 'en' | 'it', who: (page: Page) => Promise<void>): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await who(page);
  await context.addCookies([{ name: 'lang', value: lang, url: baseURL }]);
  return page;
}

for (const lang of ['en', 'it'] as const) {
  test(`a student and a teacher exchange messages live, with the unread count and a file (${lang})`, async ({ browser }) => {
    const s = TEXT[lang];
    const marker = `${lang}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`; // letters: a long run of digits reads as a phone number
    const student = await personIn(browser, lang, async (page) => signIn(page, await registerStudent(page, `Marta${lang}`)));
    const teacher = await personIn(browser, lang, (page) => signIn(page, demo.teacher));
    const giulia = ((await (await student.request.get('/api/teachers')).json()) as { id: string; firstName: string; lastName: string }[]).find(
      (t) => t.firstName === 'Giulia' && t.lastName === 'Rossi',
    )!;

    // The first message, from the teacher's public profile.
    await student.goto(`/teacher/${giulia.id}`);
    await student.getByRole('link', { name: s.message, exact: true }).click();
    await student.getByRole('textbox', { name: s.yourMessage }).fill(`Buongiorno! Do you have lessons on Saturdays? (${marker})`);
    await student.getByRole('button', { name: s.send }).click();
    await expect(student).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
    const conversationUrl = new URL(student.url()).pathname;
    await expect(student.getByTestId('message-list')).toContainText(marker);

    // The teacher finds it in the list, unread, and opens it.
    await teacher.goto('/messages');
    const row = teacher.getByTestId('conversation-list').getByRole('link', { name: new RegExp(`Marta${lang}`) });
    await expect(row.locator('span', { hasText: /1/ }).first()).toBeVisible();
    await expectAccessible(teacher);
    await screenshots(teacher, `messages-list-${lang}`);
    await row.click();
    await expect(teacher.getByTestId('message-list')).toContainText(marker);

    // The student waits on the list: the answer arrives live, with the unread count in the header.
    await student.goto('/messages');
    await expect(student.getByTestId('unread-count')).toHaveCount(0);
    const answer = teacher.getByRole('textbox', { name: s.yourMessage });
    await answer.fill(`Yes, at 10:00 and 11:00. (${marker}-answer)`);
    await answer.press('Control+Enter');
    await expect(teacher.getByTestId('message-list')).toContainText(`${marker}-answer`);
    await expect(student.getByTestId('header-messages').getByTestId('unread-count')).toHaveText('1');

    // Opening the conversation reads it; the next answer arrives live and is announced.
    await student.goto(conversationUrl);
    await expect(student.getByTestId('message-list')).toContainText(`${marker}-answer`);
    await expect(student.getByTestId('header-messages').getByTestId('unread-count')).toHaveCount(0);
    await teacher.getByRole('textbox', { name: s.yourMessage }).fill(`Here are the materials. (${marker}-pdf)`);
    await teacher.getByLabel(s.attach).setInputFiles({ name: 'materiali.pdf', mimeType: 'application/pdf', buffer: PDF });
    await teacher.getByRole('button', { name: s.send }).click();
    await expect(student.getByTestId('message-list')).toContainText(`${marker}-pdf`);
    await expect(student.getByTestId('message-announcer')).toContainText(`${s.from}: Here are the materials. (${marker}-pdf)`);

    // The file round trip: the student downloads exactly the bytes the teacher sent.
    const link = student.getByTestId('message-list').getByRole('link', { name: 'materiali.pdf' }).last();
    const href = await link.getAttribute('href');
    const file = await student.request.get(href!);
    expect(file.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);

    await expectAccessible(student);
    await screenshots(student, `messages-conversation-${lang}`);
    await student.context().close();
    await teacher.context().close();
  });
}
