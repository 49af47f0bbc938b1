// Mails, PDFs, the calendar feed and index.html in each person's language (docs/i18n.md): a person
// whose setting is Italian gets Italian; everyone else keeps English.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { streams } from '@parliamo/domain';
import type { Locale } from '@parliamo/domain/i18n';
import { runLessonTimers, timerDeps } from '../../../api/src/lessons/timers.ts';
import { recordRefund } from '../../../api/src/payments/flow.ts';
import { commandDeps } from '../../../api/src/platform/command.ts';
import { updatePersonalSettings } from '../../../api/src/settings/personal.ts';
import { useTestApp, type TestApp } from '../../../api/src/testing/app.ts';
import { pdfText } from '../../../api/src/testing/pdf.ts';
import { book, cancel, credit, mailsTo, reschedule, send, student, teacher, type Who } from '../lessons/fixtures.ts';

const speaks = (t: TestApp, who: { id: string }, language: Locale) => updatePersonalSettings(t.db.pool, who.id, { language }, t.clock.now());

async function pdfOf(t: TestApp, who: Who, url: string): Promise<string> {
  const res = await send(t, who, 'GET', url);
  expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return (await pdfText(res.rawPayload)).join(' ');
}

describe('mails, PDFs and the calendar feed in the recipient\'s language', () => {
  const t = useTestApp({ stripeSecretKey: undefined, stripeWebhookSecret: undefined, logLevel: 'error' });

  it('writes an Italian student\'s lesson mails in Italian and the English teacher\'s in English, the same lesson', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t);
    await speaks(t, s, 'it');
    await credit(t, s.id, g.id, 3);
    const lesson = (await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 10, notes: 'Congiuntivo' })).json();
    const [booked] = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Lezione prenotata'));
    expect(booked!.subject).toBe('Lezione prenotata: martedì 10 marzo 2026, 10:00-11:00 (ora di Roma)');
    for (const text of [
      'Ciao Anna,\n\nla tua lezione è prenotata.',
      'Quando: martedì 10 marzo 2026, 10:00-11:00 (ora di Roma)\nInsegnante: Giulia R.\nLink della lezione: https://meet.google.com/abc-defg-hij\nNote: Congiuntivo',
      "Puoi annullarla fino a 48 ore prima dell'inizio e riavere la tua ora.",
    ]) expect(booked!.text_body).toContain(text);
    expect(booked!.attachments[0]!.content).toContain('SUMMARY:Lezione di italiano: Anna S. con Giulia R.');
    // The teacher keeps English: every mail is in its own recipient's language.
    const [toTeacher] = await mailsTo(t, g.email);
    expect(toTeacher!.subject).toBe('New lesson: Tuesday 10 March 2026, 10:00-11:00 (Rome time)');
    expect(toTeacher!.text_body).toContain('Hello Giulia,\n\na student booked a lesson with you.');
    expect(toTeacher!.attachments[0]!.content).toContain('SUMMARY:Italian lesson: Anna S. with Giulia R.');

    expect((await reschedule(t, s, lesson.id, { date: '2026-03-11', hour: 15 })).statusCode).toBe(200);
    const [moved] = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Lezione spostata'));
    expect(moved!.subject).toBe('Lezione spostata: mercoledì 11 marzo 2026, 15:00-16:00 (ora di Roma)');
    expect(moved!.text_body).toContain(
      'la tua lezione è stata spostata al nuovo orario che hai scelto. La tua ora resta invariata. Era prevista per martedì 10 marzo 2026, 10:00-11:00 (ora di Roma).',
    );

    const other = (await book(t, s, { teacherId: g.id, date: '2026-03-12', hour: 11 })).json();
    expect((await cancel(t, g, other.id)).statusCode).toBe(200);
    const [cancelled] = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Lezione annullata'));
    expect(cancelled!.subject).toBe('Lezione annullata: giovedì 12 marzo 2026, 11:00-12:00 (ora di Roma)');
    expect(cancelled!.text_body).toContain(
      "la tua lezione con Giulia R. prevista per giovedì 12 marzo 2026, 11:00-12:00 (ora di Roma) è stata annullata da Giulia R. L'ora è tornata nel tuo pacchetto.",
    );
    expect((await mailsTo(t, g.email)).map((m) => m.subject)).toContain('Lesson cancelled: Thursday 12 March 2026, 11:00-12:00 (Rome time)');

    t.clock.set('2026-03-10T14:30:00Z'); // 23.5 hours before the moved lesson
    await runLessonTimers(timerDeps(t.app));
    const [reminder] = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Promemoria'));
    expect(reminder!.subject).toBe('Promemoria: la tua lezione di domani, mercoledì 11 marzo 2026, 15:00-16:00 (ora di Roma)');
    expect(reminder!.text_body).toContain('ti ricordiamo la tua lezione di domani.');

    t.clock.set('2026-03-11T15:30:00Z');
    expect((await send(t, g, 'PUT', `/api/bookings/${lesson.id}/teacher-notes`, { text: 'Esercizi a pagina 12' })).statusCode).toBe(200);
    const [notes] = (await mailsTo(t, s.email)).filter((m) => m.subject.startsWith('Note della'));
    expect(notes!.subject).toBe('Note della tua lezione con Giulia R.');
    expect(notes!.text_body).toContain('Giulia R. ha scritto note e compiti per la tua lezione di mercoledì 11 marzo 2026, 15:00-16:00 (ora di Roma):\n\nEsercizi a pagina 12');

    t.clock.set('2026-08-03T09:00:00Z'); // a month before the hours lapse
    await runLessonTimers(timerDeps(t.app));
    const [expiry] = (await mailsTo(t, s.email)).filter((m) => m.subject.includes('scad'));
    expect(expiry!.subject).toBe('2 ore con Giulia R. scadono tra un mese');
    expect(expiry!.text_body).toContain("hai ancora 2 ore con Giulia R. Le ore vanno usate entro 6 mesi dall'acquisto: la scadenza è il 2 settembre 2026.");

    // The teacher's monthly statement follows the teacher's language.
    const english = await pdfOf(t, g, '/api/teacher/statements/2026-03.pdf');
    expect(english).toContain('Monthly statement March 2026');
    await speaks(t, g, 'it');
    const statement = await pdfOf(t, g, '/api/teacher/statements/2026-03.pdf');
    for (const text of [
      'Partita IVA: IT01234567890', 'Estratto conto mensile marzo 2026', 'Insegnante: Giulia Rossi', 'Lezioni svolte',
      'Data Ora Studente', 'La tua quota (76%)', '11 mar 2026 15:00 Anna S. 30,00 € 22,80 €',
      'Totale guadagnato nel mese di marzo 2026 (1 lezione) 22,80 €', 'Nessun pagamento registrato questo mese.',
      "Saldo da pagare all'inizio di marzo 2026 0,00 €", 'Saldo da pagare al 31 marzo 2026 22,80 €',
    ]) expect(statement).toContain(text);
    expect(statement).not.toMatch(/\b(Statement|Payouts?|Total|EUR)\b/);
  });

  it('writes an Italian student\'s receipt, its mail and credit note in Italian, with the tax terms Italian law uses', async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t, { firstName: 'Marco', lastName: 'Neri' });
    const s = await student(t, 'Lucia', 'Bianchi');
    await t.db.pool.query(`UPDATE users SET fiscal_code = 'BNCLCU90E57H501X' WHERE id = $1`, [s.id]);
    await speaks(t, s, 'it');
    const res = await send(t, s, 'POST', '/api/create-checkout-session', { amount: 3 * 30 + 3, teacherId: g.id, totalHours: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const paymentId = res.json().checkout_url.split('/').pop();
    expect((await send(t, s, 'POST', `/api/test-checkout/${paymentId}/pay`, { expressRequest: true })).statusCode).toBe(200);
    const number = (await t.app.ledger.readStream(streams.receiptNumbers(2026))).map((e) => e.data as { number: string; paymentId: string }).find((r) => r.paymentId === paymentId)!.number;

    const receipt = await pdfOf(t, s, `/api/payments/${paymentId}/receipt.pdf`);
    for (const text of [
      'Partita IVA: IT01234567890', `Ricevuta ${number}`, 'Data: 2 marzo 2026', 'Studente Lucia Bianchi', 'Codice fiscale: BNCLCU90E57H501X',
      'Lezioni di italiano', 'Insegnante: Marco Neri', '3 ore x 30,00 € 90,00 €', 'Commissione 3,00 €', 'Totale pagato 93,00 €',
      `Riferimento del pagamento: ${paymentId}`,
    ]) expect(receipt).toContain(text);
    expect(receipt).not.toMatch(/Receipt|Fiscal|Teacher|EUR/);

    const [mail] = (await mailsTo(t, s.email)).filter((m) => m.subject === 'Le tue 3 ore con Marco N.');
    expect(mail!.text_body).toMatch(/^Ciao Lucia,\n\ngrazie per il tuo acquisto\. Nel tuo account ora trovi 3 ore con Marco N\.\n\n/);
    expect(mail!.text_body).toContain('Pagato: 93,00 € (3 x 30,00 € + 3,00 € di commissione)\nDa usare entro il 2 settembre 2026');
    expect(mail!.text_body).toMatch(/Parliamo - Lezioni di italiano da Roma dal 1985$/);
    expect(mail!.text_body).toContain(`In allegato trovi la ricevuta ${number}.`);
    const [attached] = await pdfText(Buffer.from(mail!.attachments[0]!.content, 'base64'));
    expect(attached).toContain(`Ricevuta ${number}`);

    await recordRefund(commandDeps(t.app), { paymentId, totalRefundedCents: 3000, providerRefundId: 're_uno' });
    const note = await pdfOf(t, s, `/api/payments/${paymentId}/credit-note.pdf`);
    for (const text of ['Nota di credito', `Relativa alla ricevuta ${number}`, 'Importo rimborsato 30,00 €', 'Riferimento del rimborso: re_uno', 'Codice fiscale: BNCLCU90E57H501X']) {
      expect(note).toContain(text);
    }
    expect(note).not.toMatch(/Credit note|Amount|EUR/);
  });

  it("writes a calendar feed's event titles in its owner's language", async () => {
    t.clock.set('2026-03-02T09:00:00Z');
    const g = await teacher(t);
    const s = await student(t, 'Paolo', 'Conti');
    await credit(t, s.id, g.id, 1);
    expect((await book(t, s, { teacherId: g.id, date: '2026-03-10', hour: 9 })).statusCode).toBe(201);
    const feed = async (who: { id: string }) => {
      const { url } = (await send(t, who, 'POST', '/api/calendar/token')).json();
      const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
      expect(res.statusCode).toBe(200);
      return res.body.replace(/\r\n /g, '');
    };
    const before = await feed(s);
    expect(before).toContain('SUMMARY:Italian lesson with Giulia R.');
    expect(before).toContain('X-WR-CALNAME:Parliamo lessons');
    await speaks(t, s, 'it');
    const after = await feed(s);
    expect(after).toContain('SUMMARY:Lezione di italiano con Giulia R.');
    expect(after).toContain('DESCRIPTION:Lezione Parliamo\\, 60 minuti.');
    expect(after).toContain('X-WR-CALNAME:Lezioni Parliamo');
    expect(await feed(g)).toContain('SUMMARY:Italian lesson with Paolo C.');
  });
});

describe('index.html in the request\'s language', () => {
  const webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'parliamo-web-'));
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html>\n<html lang="en">\n<head><title>Parliamo</title></head><body><div id="root"></div></body>\n</html>\n');
  const t = useTestApp({ webDist, logLevel: 'error' });
  const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  it('sets <html lang> by ?lang=, the cookie, then Accept-Language; English otherwise', async () => {
    const cases: [string, Record<string, string>, Locale][] = [
      ['/login', {}, 'en'],
      ['/login', { 'accept-language': 'it-IT,it;q=0.9,en;q=0.8' }, 'it'],
      ['/login', { 'accept-language': 'it', cookie: 'lang=en' }, 'en'],
      ['/login', { cookie: 'lang=it' }, 'it'],
      ['/login?lang=it', { cookie: 'lang=en' }, 'it'],
      ['/', { 'accept-language': 'it' }, 'it'],
    ];
    for (const [url, headers, lang] of cases) {
      const res = await page(url, headers);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-language']).toBe(lang);
      expect(res.headers.vary).toContain('accept-language');
      expect(res.body, `${url} ${JSON.stringify(headers)}`).toContain(`<html lang="${lang}">`);
      expect(res.body).toContain('<div id="root"></div>');
    }
    // A path no page answers still gets the app, with 404, in the language asked for.
    const missing = await page('/no-such-page', { cookie: 'lang=it' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<html lang="it">');
  });

  it('takes a malformed lang cookie (lang=%) as no choice: the page in the browser\'s language, never a 500', async () => {
    for (const cookie of ['lang=%', 'lang=%E0%A4%A', 'theme=x; lang=%ZZ']) {
      const res = await page('/login', { cookie, 'accept-language': 'it' });
      expect(res.statusCode, cookie).toBe(200);
      expect(res.body).toContain('<html lang="it">');
    }
  });

  it('sends the compressed copy a browser accepts', async () => {
    const br = await page('/login', { 'accept-encoding': 'gzip, deflate, br', cookie: 'lang=it' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toContain('<html lang="it">');
    const gzip = await page('/login', { 'accept-encoding': 'gzip, br;q=0' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toContain('<html lang="en">');
    const plain = await page('/login', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('<html lang="en">');
  });
});
