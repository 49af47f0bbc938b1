import { test, type APIRequestContext } from '@playwright/test';
import { demo, expect, expectAccessible, registerStudent, screenshots, signIn } from './app-support.ts';
import { headers } from './lesson-support.ts';

// Many steps on a shared, often busy machine: room to finish (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

// A 96 x 96 PNG portrait (a figure on a sand background).
const PORTRAIT = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAGAAAABgCAMAAADVRocKAAABRFBMVEUKfTsujVERgD4chUbz5cYahEUbhUb15sgQfz/05cdqqHXw48UWgkF4rn2FtIRYoGrr4sItjVFGmWDb27gzkFTc27mkw5jy5McujFBEmF4liUsPgD7j3r0xj1MdhkbW2LZ3rnxWn2i6y6RVnmijwpdBlVttqnYVgkHx5MZNm2NuqXd5r366zKbH0q2nw5mmw5lOnGSHtYZmpnIjiErAz6gZhETU17Vop3OItYckiEvX2bYvjlI8lFnk3r1+sYFpqHTBzqk+lVrl377E0KpsqXXDz6oehkc/lFvI0q2oxJp/soLa2rg0j1TF0KvG0awtjE8Vg0K8zabJ063T2LSlwpl8sH8Wg0O9zafK065QnWVPnGV9sYCqxZtFmF+pxJswjlKAsYHv5MRImWDi3b0miUzZ2rdUnme5yqOjwZaiwZaBsoK+zqhl+v/YAAAACXBIWXMAAAsTAAALEwEAmpwYAAACHklEQVR42u3Xx1LDMBAG4HWwYzk9gTQChN577wESeu+9d3j/O1darNVKnslB/wPsNyPLuyuwPQ5oQAMa0IAGNKABtUB6NNJ0O5bLjdU3RRZM5cBm4wh8y1S4WinwOMHgV1igTh3wZsE/8bcqAoLDUCaFoAog1gVlMxiTB4Iu9QEe7qWBYXBNQBZ4B05ScsBcFQ+w6qSACeCmJANUMz7AniWARkAkTAfMKQwwkiYDo4DKMhmI4IAhMtCCA6JkoB4H1JABCwdUkQGGA3yVC3h+RJ5/ZM+vKfJHmyQDCzigSG92tZj6Tya9XYcxQI/HA8eXlBmZAT7QLTWTl7hD3y839O1WHjAgu3gV3Ou3S2926Re3+hedCpbfwfL1z2NK1veyV6m901bzAEn9e5caBmxlT6i5ku/P/9W9pPQRmAz/6Eu1PUnlz1hzeShaYzFmbUUni6Z+6WugMgBn5zIb7+C16w4jO99HAZyjDKAT73dEgfFZEMpiXgw4XQHB+F9FgOYcCIf14oF8AxDiP8QCziyQsuoggRQQs44DnAwVMHDANpCzhgKO6cAGCsjSgQQK2KUDcRQQogMhFAASqQxgj17/BAVk6ICBAq69vqbzdOADBfTRgTNcs4tT688g23U/FbjCDpxFWv027MCxp2kjcxw/9HuZeH22L7K2fIqvLc1ii1d+VfD8p4VXx3VD4H7ekLbrtY2EwR0OISNxd+Cy/H4BTZjOilHlUBQAAAAASUVORK5CYII=',
  'base64',
);

/** An API client signed in as the demo admin. */
async function adminApi(request: APIRequestContext) {
  const res = await request.post('/api/auth/login', { headers, data: demo.admin });
  expect(res.status()).toBe(200);
  return request;
}

test('a teacher uploads a photo, sees clear refusals, and saves the profile', async ({ page, request }) => {
  // A teacher of their own (the demo teachers' portraits are checked by other tests running alongside).
  const login = await registerStudent(page, 'Chiara');
  const admin = await adminApi(request);
  const [user] = (await (await admin.get(`/api/admin/users?search=${encodeURIComponent(login.email)}`)).json()).users;
  expect((await admin.patch(`/api/admin/users/${user.id}`, { headers, data: { role: 'teacher' } })).status()).toBe(200);

  await signIn(page, login);
  await page.goto('/teacher/profile');
  await expect(page.getByRole('heading', { level: 1, name: 'Teacher Profile' })).toBeVisible();
  // No address field for teachers: the photo is uploaded.
  await expect(page.getByLabel('Profile image address')).toHaveCount(0);
  const preview = page.getByTestId('photo-preview');
  await expect(preview.getByText('CT', { exact: true })).toBeVisible();
  const input = page.getByTestId('photo-input');

  // Too big: said before anything is sent. Not a picture: said by the server, which reads the content.
  await input.setInputFiles({ name: 'huge.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
  await expect(page.getByRole('alert').filter({ hasText: 'The photo must be 5 MB or smaller' })).toBeVisible();
  await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: Buffer.from('these are my notes, not a photo') });
  await expect(page.getByRole('alert').filter({ hasText: 'The photo must be a JPEG, PNG or WebP image' })).toBeVisible();

  await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PORTRAIT });
  await expect(page.getByText('Photo saved')).toBeVisible();
  await expect(preview.locator('img')).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f]{32}\.webp$/);
  await expect(preview.getByText('CT', { exact: true })).toBeHidden();
  // The header's menu shows it too.
  await expect(page.getByTestId('user-avatar').locator('img')).toHaveAttribute('src', /^\/api\/photos\//);
  await expectAccessible(page);
  await screenshots(page, 'teacher-photo');

  await page.getByLabel('Bio').fill('Insegno italiano con passione.');
  await page.getByLabel('Hourly rate (€)').fill('35');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile saved')).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Bio')).toHaveValue('Insegno italiano con passione.');
  await expect(page.getByTestId('photo-preview').locator('img')).toHaveAttribute('src', /^\/api\/photos\//);
  const src = await page.getByTestId('photo-preview').locator('img').getAttribute('src');
  const served = await page.request.get(src!);
  expect(served.headers()['content-type']).toBe('image/webp');
  expect(served.headers()['cache-control']).toBe('public, max-age=31536000, immutable');

  await page.getByRole('button', { name: 'Remove photo' }).click();
  await expect(page.getByText('Photo removed')).toBeVisible();
  await expect(page.getByTestId('photo-preview').getByText('CT', { exact: true })).toBeVisible();
});

test('an admin saves the teacher edit form untouched (a relative image address is fine)', async ({ page }) => {
  await signIn(page, demo.admin);
  const teachers: { id: string; firstName: string }[] = await (await page.request.get('/api/teachers')).json();
  const marco = teachers.find((t) => t.firstName === 'Marco')!;
  await page.goto(`/admin/teacher/${marco.id}/edit`);
  const address = page.getByLabel('Profile image address');
  await expect(address).toHaveValue('/teachers/marco.svg');
  expect(await address.getAttribute('type')).not.toBe('url');
  await expect(page.getByTestId('photo-preview').locator('img')).toHaveAttribute('src', '/teachers/marco.svg');
  await screenshots(page, 'admin-teacher-edit');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('The teacher profile has been updated.')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/admin/teacher/${marco.id}$`));
});

test('the header shows initials when the signed-in person has no photo or it does not load', async ({ page }) => {
  await page.route(/\/teachers\/giulia\.svg$/, (route) => route.fulfill({ status: 404, body: '' }));
  await signIn(page, demo.teacher);
  await page.goto('/');
  const avatar = page.getByTestId('user-avatar');
  await expect(avatar.getByText('GR', { exact: true })).toBeVisible();
  await expect(avatar.locator('img')).toBeHidden();
  await expect(page.getByRole('img', { name: /^Earnings per month/ })).toBeVisible();
  await screenshots(page, 'teacher-dashboard');
});
