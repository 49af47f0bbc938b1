import { test } from '@playwright/test';
import { expect, dismissCookies, meta, publicTeachers } from './public-helpers.ts';
import { screenshots } from './app-support.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test.beforeEach(async ({ page }) => dismissCookies(page));

// Every information page: its heading and the facts a visitor must find there.
const pages: { path: string; h1: RegExp; facts: (string | RegExp)[] }[] = [
  { path: '/courses', h1: /Italian courses/, facts: ['General Italian', 'B2 Certification', 'Business Italian', /6 months/, /48 hours/, '€3'] },
  { path: '/courses/general-italian', h1: /^General Italian$/, facts: [/From €\d+\/hour/, /6 months/, /48 hours ahead/] },
  { path: '/courses/b2-certification', h1: /^B2 Certification$/, facts: ['CILS', 'CELI', 'PLIDA'] },
  { path: '/courses/business-italian', h1: /^Business Italian$/, facts: [/meetings/i, '€3'] },
  { path: '/school-rome', h1: /Our school in Rome/, facts: ['Via dei Serpenti 45', '+39 06 4890 2215', /1985/, /Monday to Friday/] },
  { path: '/faq', h1: /Frequently asked questions/, facts: ['How long are my hours valid?', 'What is the €3 fee?', 'How far ahead must I book?'] },
  { path: '/about-us', h1: /since 1985/, facts: ['1985', 'One teacher, one student'] },
  { path: '/privacy-policy', h1: /Privacy and Cookie Policy/, facts: ['Cookie policy', 'cookiesAccepted', 'GDPR'] },
  { path: '/terms-conditions', h1: /Terms and Conditions/, facts: [/within 6 months of purchase/, /at least 48 hours/, /€3 per purchase/] },
];

for (const p of pages) {
  test(`${p.path} shows its content`, async ({ page }) => {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p.h1);
    for (const fact of p.facts) await expect(page.getByRole('main')).toContainText(fact);
  });
}

test('the course cards lead to the three course pages', async ({ page }) => {
  await page.goto('/courses');
  await expect(page.getByTestId('course-card')).toHaveCount(3);
  for (const [name, path] of [
    ['General Italian: course details', '/courses/general-italian'],
    ['B2 Certification: course details', '/courses/b2-certification'],
    ['Business Italian: course details', '/courses/business-italian'],
  ] as const) {
    await expect(page.getByRole('link', { name })).toHaveAttribute('href', path);
  }
  await page.getByRole('link', { name: 'B2 Certification: course details' }).click();
  await expect(page).toHaveURL(/\/courses\/b2-certification$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('B2 Certification');
});

test('course prices start at the lowest rate of the teachers who teach the course; Find a teacher shows them', async ({ page }) => {
  const teachers = await publicTeachers(page);
  const teaching = (specialization: string | null) =>
    specialization === null ? teachers : teachers.filter((t) => t.specializations.some((s) => s.toLowerCase() === specialization.toLowerCase()));
  const lowest = (ts: typeof teachers) => `€${Math.min(...ts.map((t) => Number(t.hourlyRate)))}`;
  const courses = [
    { id: 'general-italian', title: 'General Italian', specialization: null, link: '/teachers' },
    { id: 'b2-certification', title: 'B2 Certification', specialization: 'B2 certification', link: '/teachers?specialization=B2+certification' },
    { id: 'business-italian', title: 'Business Italian', specialization: 'Business Italian', link: '/teachers?specialization=Business+Italian' },
  ];
  await page.goto('/courses');
  for (const c of courses) {
    const card = page.getByTestId('course-card').filter({ has: page.getByRole('heading', { name: c.title }) });
    await expect(card).toContainText(`From ${lowest(teaching(c.specialization))} per hour`);
  }
  await screenshots(page, 'courses');
  for (const c of courses) {
    await page.goto(`/courses/${c.id}`);
    const facts = page.getByRole('complementary', { name: 'Course facts' });
    await expect(facts).toContainText(`From ${lowest(teaching(c.specialization))}/hour`);
    await expect(facts.getByRole('link', { name: 'Find a teacher' })).toHaveAttribute('href', c.link);
  }
  await screenshots(page, 'course-business');
  await page.getByRole('link', { name: 'Find a teacher' }).click();
  await expect(page.getByLabel('Specialization')).toHaveValue('Business Italian');
  await expect(page.getByTestId('teacher-card')).toHaveCount(teaching('Business Italian').length);
});

test('a course nobody teaches says so instead of a price', async ({ page }) => {
  await page.route('**/api/teachers', async (route) => {
    const res = await route.fetch();
    const list = (await res.json()) as { specializations: string[] }[];
    await route.fulfill({ response: res, json: list.map((t) => ({ ...t, specializations: t.specializations.filter((s) => s !== 'Business Italian') })) });
  });
  await page.goto('/courses/business-italian');
  const facts = page.getByRole('complementary', { name: 'Course facts' });
  await expect(facts).toContainText('No teacher offers this course at the moment.');
  await expect(facts.getByRole('link', { name: 'Ask us for a teacher' })).toHaveAttribute('href', '/school-rome');
  await page.goto('/courses');
  await expect(page.getByTestId('course-card').filter({ hasText: 'Business Italian' })).toContainText('No teacher offers this course at the moment.');
});

test('an unknown course shows the not-found page', async ({ page }) => {
  await page.goto('/courses/klingon');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
});

test('the FAQ answers open and close from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const question = page.getByText('Can I cancel a lesson?');
  const answer = page.getByText(/up to 48 hours before it starts/);
  await expect(answer).toBeHidden();
  await question.focus();
  await page.keyboard.press('Enter');
  await expect(answer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();
});

// Titles, descriptions, keywords, canonical; noindex exactly for login, privacy and terms among public pages.
const metadata: { path: string; title: RegExp; noindex: boolean }[] = [
  { path: '/', title: /^Parliamo \| Italian lessons online/, noindex: false },
  { path: '/login', title: /^Sign in \| Parliamo$/, noindex: true },
  { path: '/register', title: /^Create your account \| Parliamo$/, noindex: false },
  { path: '/teachers', title: /^Find an Italian teacher \| Parliamo$/, noindex: false },
  { path: '/courses', title: /^Italian courses online \| Parliamo$/, noindex: false },
  { path: '/courses/business-italian', title: /^Business Italian course \| Parliamo$/, noindex: false },
  { path: '/school-rome', title: /^Contact us/, noindex: false },
  { path: '/faq', title: /^Frequently asked questions/, noindex: false },
  { path: '/about-us', title: /^About us/, noindex: false },
  { path: '/privacy-policy', title: /^Privacy and Cookie Policy/, noindex: true },
  { path: '/terms-conditions', title: /^Terms and Conditions/, noindex: true },
  { path: '/request-password-reset', title: /^Reset your password/, noindex: false },
];

for (const m of metadata) {
  test(`${m.path} has its title, description, keywords, canonical and robots`, async ({ page, baseURL }) => {
    await page.goto(m.path);
    await expect(page).toHaveTitle(m.title);
    await expect(page.locator('head title')).toHaveCount(1);
    await expect(meta(page, 'description')).toHaveCount(1);
    expect((await meta(page, 'description').getAttribute('content'))!.length).toBeGreaterThan(40);
    expect((await meta(page, 'keywords').getAttribute('content'))!.split(',').length).toBeGreaterThanOrEqual(3);
    await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${m.path}`);
    await expect(meta(page, 'robots')).toHaveAttribute('content', m.noindex ? 'noindex, nofollow' : 'index, follow');
  });
}

test('the metadata follows client-side navigation', async ({ page, baseURL }) => {
  await page.goto('/faq');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveTitle(/^About us/);
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1);
  await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/about-us`);
});

test('the footer has course links, support links and contact details', async ({ page, request }) => {
  const config = (await (await request.get('/api/site-config')).json()) as { contactEmail: string };
  await page.goto('/faq');
  const footer = page.getByRole('contentinfo');
  for (const [name, href] of [
    ['General Italian', '/courses/general-italian'],
    ['B2 Certification', '/courses/b2-certification'],
    ['Business Italian', '/courses/business-italian'],
    ['FAQ', '/faq'],
    ['Contact Us', '/school-rome'],
    ['Privacy Policy', '/privacy-policy'],
    ['Terms & Conditions', '/terms-conditions'],
  ] as const) {
    await expect(footer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
  }
  await expect(footer).toContainText('Via dei Serpenti 45');
  await expect(footer.getByRole('link', { name: config.contactEmail })).toHaveAttribute('href', `mailto:${config.contactEmail}`);
});

test('while the session loads, a spinner says Loading...', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/user', async (route) => {
    await held;
    await route.continue(); // the real answer, only later
  });
  await page.goto('/faq');
  await expect(page.getByRole('status').filter({ hasText: 'Loading...' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(0);
  release();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');
  await expect(page.getByText('Loading...')).toHaveCount(0);
});
