import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE } from '@parliamo/domain/contracts/messages';
import { useTestApp } from '../testing/app.ts';
import { createUser, type TestUser } from '../testing/users.ts';
import { as, english, multipart } from './test-support.ts';

/** A small PDF: the header and the end-of-file marker a real one has. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A WAV file's header and a moment of silence. */
function wav(): Buffer {
  const data = Buffer.alloc(800);
  const head = Buffer.alloc(44);
  head.write('RIFF', 0);
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8);
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(8000, 24);
  head.writeUInt32LE(8000, 28);
  head.writeUInt16LE(1, 32);
  head.writeUInt16LE(8, 34);
  head.write('data', 36);
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

describe('message attachments: PDF, images and audio, checked by their content', () => {
  const t = useTestApp();
  let student: TestUser;
  let teacher: TestUser;
  let stranger: TestUser;
  let id: string;
  beforeAll(async () => {
    student = await createUser(t);
    teacher = await createUser(t, { role: 'teacher' });
    stranger = await createUser(t);
    id = (await as(t, student, 'POST', '/api/conversations', { teacherId: teacher.id, text: 'Homework coming' })).json().conversation.id;
  });
  const upload = (who: TestUser, text: string, files: Parameters<typeof multipart>[1]) => {
    const body = multipart(text, files);
    return as(t, who, 'POST', `/api/conversations/${id}/messages`, body.payload, body.headers);
  };

  it('keeps a PDF as it is, re-encodes a picture as WebP without its metadata, keeps a recording; the people get them back', async () => {
    const photo = await sharp({ create: { width: 3000, height: 1000, channels: 3, background: '#0a7d3b' } })
      .withMetadata({ exif: { IFD0: { Artist: 'Anna' } } })
      .jpeg()
      .toBuffer();
    const res = await upload(student, 'My homework', [
      { name: 'compito.pdf', type: 'application/pdf', bytes: PDF },
      { name: 'C:\\Users\\anna\\lavagna.jpg', type: 'image/jpeg', bytes: photo },
      { name: 'pronuncia.wav', type: 'audio/wav', bytes: wav() },
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const { message } = res.json();
    expect(message.text).toBe('My homework');
    expect(message.attachments.map((a: { name: string; contentType: string }) => [a.name, a.contentType])).toEqual([
      ['compito.pdf', 'application/pdf'], ['lavagna.webp', 'image/webp'], ['pronuncia.wav', 'audio/wav'],
    ]);
    const [pdf, image, audio] = message.attachments;
    const pdfBack = await as(t, teacher, 'GET', pdf.url);
    expect(pdfBack.statusCode).toBe(200);
    expect(pdfBack.rawPayload.equals(PDF)).toBe(true);
    expect(pdfBack.headers['content-disposition']).toBe(`attachment; filename*=UTF-8''compito.pdf`);
    const imageBack = await as(t, teacher, 'GET', image.url);
    const meta = await sharp(imageBack.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual(['webp', 2048, 683, undefined]);
    expect((await as(t, student, 'GET', audio.url)).headers['content-type']).toBe('audio/wav');
    expect((await as(t, stranger, 'GET', audio.url)).statusCode).toBe(404);
    // A file alone is a message too.
    expect((await upload(teacher, '', [{ name: 'answer.pdf', type: 'application/pdf', bytes: PDF }])).statusCode).toBe(201);
  });

  it('refuses a file whose content is not what its name and type claim', async () => {
    const spoofed = [
      { name: 'photo.png', type: 'image/png', bytes: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'notes.pdf', type: 'application/pdf', bytes: Buffer.from('MZ\x90\x00 an executable') },
      { name: 'broken.png', type: 'image/png', bytes: Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]) },
      { name: 'half.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n<script>') },
    ];
    for (const file of spoofed) {
      const res = await upload(student, 'look', [file]);
      expect([file.name, res.statusCode, res.json().message]).toEqual([file.name, 415, english(MESSAGE.messages.attachmentType)]);
    }
    const before = (await as(t, student, 'GET', `/api/conversations/${id}/messages`)).json().conversation.lastSeq;
    // A good file beside a bad one: nothing is sent.
    expect((await upload(student, 'two', [{ name: 'a.pdf', type: 'application/pdf', bytes: PDF }, spoofed[0]!])).statusCode).toBe(415);
    expect((await as(t, student, 'GET', `/api/conversations/${id}/messages`)).json().conversation.lastSeq).toBe(before);
  });

  it('refuses a file over 10 MB and a sixth file', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(MESSAGE.maxAttachmentBytes)]);
    const tooBig = await upload(student, 'big', [{ name: 'big.pdf', type: 'application/pdf', bytes: big }]);
    expect([tooBig.statusCode, tooBig.json().message]).toEqual([413, english(MESSAGE.messages.attachmentTooBig)]);
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, type: 'application/pdf', bytes: PDF }));
    const tooMany = await upload(student, 'six', six);
    expect([tooMany.statusCode, tooMany.json().message]).toEqual([400, english(MESSAGE.messages.tooManyAttachments)]);
    expect((await upload(student, 'five', six.slice(0, 5))).statusCode).toBe(201);
  });
});
