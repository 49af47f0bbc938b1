import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHOTO } from '@parliamo/domain';
import { useTestApp } from '../testing/app.ts';
import { authHeaders, createUser, sessionCookie, signedIn, type TestUser } from '../testing/users.ts';

const BOUNDARY = '----parliamo-photo-test';

/** One part of a multipart/form-data body: a file in `field`, or a text field when `filename` is null. */
function part(bytes: Buffer, field = 'photo', filename: string | null = 'me.jpg', type = 'image/jpeg') {
  const disposition = filename === null ? `name="${field}"` : `name="${field}"; filename="${filename}"\r\nContent-Type: ${type}`;
  return Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; ${disposition}\r\n\r\n`), bytes, Buffer.from('\r\n')]);
}

/** A multipart/form-data body of these parts. */
const form = (...parts: Buffer[]) => Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);

/** A multipart/form-data body with one file in the field `photo`. */
const upload = (bytes: Buffer, filename = 'me.jpg', type = 'image/jpeg') => form(part(bytes, 'photo', filename, type));

/** A w x h picture in the given format: two colours, so that the crop has something to keep. */
async function picture(format: 'jpeg' | 'png' | 'webp' | 'gif', w = 900, h = 600) {
  const left = await sharp({ create: { width: Math.ceil(w / 2), height: h, channels: 3, background: '#0a7d3b' } }).png().toBuffer();
  return sharp({ create: { width: w, height: h, channels: 3, background: '#f5e6c8' } })
    .composite([{ input: left, left: 0, top: 0 }])
    .toFormat(format)
    .toBuffer();
}

describe('teacher photos: upload, limits, who may, how they are served', () => {
  const t = useTestApp();
  let teacher: TestUser;
  let other: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    teacher = await createUser(t, { role: 'teacher', firstName: 'Giulia', lastName: 'Rossi' });
    other = await createUser(t, { role: 'teacher', firstName: 'Marco', lastName: 'Neri' });
    admin = await signedIn(t, 'admin');
  });

  const post = async (as: TestUser, teacherId: string, body: Buffer) =>
    t.app.inject({
      method: 'POST',
      url: `/api/teachers/${teacherId}/photo`,
      headers: { ...authHeaders(await sessionCookie(t, as.id)), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
  const me = async (as: TestUser) => (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: await sessionCookie(t, as.id) } })).json();

  it('takes a JPEG, keeps a 512 x 512 WebP, and points the profile and the public list at it', async () => {
    const res = await post(teacher, teacher.id, upload(await picture('jpeg')));
    expect(res.statusCode, res.body).toBe(200);
    const { profileImageUrl } = res.json();
    expect(profileImageUrl).toMatch(/^\/api\/photos\/[0-9a-f]{32}\.webp$/);
    expect((await me(teacher)).profileImageUrl).toBe(profileImageUrl);
    const listed = (await t.app.inject({ method: 'GET', url: `/api/teachers/${teacher.id}` })).json();
    expect(listed.profileImageUrl).toBe(profileImageUrl);

    const served = await t.app.inject({ method: 'GET', url: profileImageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const etag = served.headers.etag as string;
    expect(etag).toBe(`"${profileImageUrl.slice('/api/photos/'.length, -'.webp'.length)}"`);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', PHOTO.side, PHOTO.side]);
    expect(meta.exif).toBeUndefined();

    const again = await t.app.inject({ method: 'GET', url: profileImageUrl, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });

  it('takes PNG and WebP too; a new photo replaces the old one, whose address is then gone', async () => {
    const first = (await post(teacher, teacher.id, upload(await picture('png'), 'me.png', 'image/png'))).json().profileImageUrl;
    const second = await post(teacher, teacher.id, upload(await picture('webp', 400, 800), 'me.webp', 'image/webp'));
    expect(second.statusCode).toBe(200);
    expect(second.json().profileImageUrl).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.json().profileImageUrl })).statusCode).toBe(200);
  });

  it('refuses a photo over 5 MB with 413 and says so', async () => {
    const big = Buffer.concat([await picture('jpeg'), Buffer.alloc(PHOTO.maxBytes)]);
    const res = await post(other, other.id, upload(big));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ message: 'The photo must be 5 MB or smaller' });
  });

  it('judges the type by the content, not the name or the declared type', async () => {
    const cases = [
      upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'me.jpg', 'image/jpeg'),
      upload(await picture('gif'), 'me.png', 'image/png'),
      upload(Buffer.from('just some text, not a picture at all'), 'me.webp', 'image/webp'),
      upload((await picture('jpeg')).subarray(0, 200), 'cut.jpg', 'image/jpeg'),
    ];
    for (const body of cases) {
      const res = await post(other, other.id, body);
      expect(res.statusCode).toBe(415);
      expect(res.json()).toMatchObject({ message: 'The photo must be a JPEG, PNG or WebP image' });
    }
    // A real JPEG called .txt is a JPEG.
    expect((await post(other, other.id, upload(await picture('jpeg'), 'photo.txt', 'text/plain'))).statusCode).toBe(200);
  });

  it("refuses someone else's profile with 403; an admin may change any teacher's photo", async () => {
    const before = (await me(other)).profileImageUrl;
    const res = await post(teacher, other.id, upload(await picture('jpeg')));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ message: "You can only change your own photo" });
    expect((await me(other)).profileImageUrl).toBe(before);
    const student = await createUser(t, { role: 'student' });
    expect((await post(student, student.id, upload(await picture('jpeg')))).statusCode).toBe(403);
    const byAdmin = await post(admin, other.id, upload(await picture('png'), 'p.png', 'image/png'));
    expect(byAdmin.statusCode).toBe(200);
    expect((await me(other)).profileImageUrl).toBe(byAdmin.json().profileImageUrl);
    expect((await post(admin, admin.id, upload(await picture('png')))).statusCode).toBe(404); // not a teacher
  });

  it('asks for a photo when the form has none, and refuses a JSON body', async () => {
    const empty = await post(other, other.id, Buffer.from(`--${BOUNDARY}--\r\n`));
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Choose a photo to upload' });
    const json = await t.app.inject({
      method: 'POST', url: `/api/teachers/${other.id}/photo`, headers: authHeaders(await sessionCookie(t, other.id)), payload: { photo: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('refuses two files, a file in another field, or a text field, with a message, and keeps the photo it had', async () => {
    const before = (await me(other)).profileImageUrl;
    const jpeg = await picture('jpeg');
    const oneAtATime = { code: 'teachers.photoOneAtATime', message: 'Send one photo at a time' };
    const wrongField = { code: 'teachers.photoField', message: 'Send the photo in the form field "photo"' };
    const cases: [string, Buffer, object][] = [
      ['two photos', form(part(jpeg), part(jpeg, 'photo', 'second.jpg')), oneAtATime],
      ['a photo, then another file', form(part(jpeg), part(jpeg, 'avatar', 'second.jpg')), oneAtATime],
      ['a file in another field', form(part(jpeg, 'avatar')), wrongField],
      ['a text field first', form(part(Buffer.from('hello'), 'caption', null), part(jpeg)), wrongField],
    ];
    for (const [what, body, answer] of cases) {
      const res = await post(other, other.id, body);
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toEqual(answer);
    }
    expect((await me(other)).profileImageUrl).toBe(before);
  });

  it('removes a photo: the profile falls back to no image, the old address is gone', async () => {
    const url = (await post(teacher, teacher.id, upload(await picture('jpeg')))).json().profileImageUrl;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/teachers/${teacher.id}/photo`, headers: authHeaders(await sessionCookie(t, teacher.id)) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ profileImageUrl: null });
    expect((await me(teacher)).profileImageUrl).toBeNull();
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });

  it('keeps the photo when the teacher saves the profile without an image address', async () => {
    const url = (await post(teacher, teacher.id, upload(await picture('jpeg')))).json().profileImageUrl;
    const saved = await t.app.inject({
      method: 'PUT', url: '/api/teacher/profile', headers: authHeaders(await sessionCookie(t, teacher.id)),
      payload: { bio: 'Nuova bio', city: 'Roma', country: 'Italy', specializations: [], hourlyRate: 30, googleMeetLink: null },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().profileImageUrl).toBe(url);
  });

  it('answers 404 for an address that names no photo', async () => {
    for (const name of ['0123456789abcdef0123456789abcdef.webp', 'x.webp', '..%2F..%2Fetc%2Fpasswd']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/photos/${name}` })).statusCode).toBe(404);
    }
  });
});
