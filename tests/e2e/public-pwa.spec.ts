import { test } from '@playwright/test';
import { expect, dismissCookies } from './public-helpers.ts';

// The shared machine is often very busy: give multi-step tests room (no effect when it is idle).
test.describe.configure({ timeout: 90_000 });

test('the page links a web manifest with installable icons', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('head link[rel="manifest"]').getAttribute('href');
  expect(href).toBe('/manifest.webmanifest');
  const res = await request.get(href!);
  expect(res.ok()).toBe(true);
  const manifest = (await res.json()) as { name: string; short_name: string; start_url: string; display: string; icons: { src: string; sizes: string }[] };
  expect(manifest.short_name).toBe('Parliamo');
  expect(manifest.start_url).toBe('/');
  expect(manifest.display).toBe('standalone');
  for (const size of ['192x192', '512x512']) {
    const icon = manifest.icons.find((i) => i.sizes === size);
    expect(icon, `an icon of ${size}`).toBeDefined();
    const img = await request.get(icon!.src);
    expect(img.ok()).toBe(true);
    expect(img.headers()['content-type']).toContain('image/png');
  }
});

test('mobile meta tags and the hero image preload are in the head', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('head meta[name="viewport"]')).toHaveAttribute('content', /width=device-width/);
  await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute('content', '#0b6e4f');
  await expect(page.locator('head meta[name="apple-mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('head meta[name="mobile-web-app-capable"]')).toHaveAttribute('content', 'yes');
  await expect(page.locator('head link[rel="apple-touch-icon"]')).toHaveCount(1);
  const preload = page.locator('head link[rel="preload"][as="image"][href="/images/hero-rome.svg"]');
  await expect(preload).toHaveCount(1);
  // The preloaded image is the one the hero shows, and it loads.
  const hero = page.locator('img[src="/images/hero-rome.svg"]');
  await expect(hero).toBeVisible();
  expect(await hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});

test('the service worker serves the app shell offline and never caches /api', async ({ page, context }) => {
  await dismissCookies(page);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
    return reg.active?.scriptURL;
  });
  // Load a page under the worker's control so that its scripts and styles are cached.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/faq');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Frequently asked questions');

  await context.setOffline(true);
  await page.goto('/courses');
  await expect(page.getByRole('link', { name: /^Parliamo Scuola di Roma/ })).toBeVisible();
  await expect(page.getByRole('contentinfo')).toContainText('1985');
  await context.setOffline(false);

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const key of await caches.keys()) for (const req of await (await caches.open(key)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/');
  expect(cached.some((u) => u.startsWith('/assets/'))).toBe(true);
  expect(cached.filter((u) => u.startsWith('/api'))).toEqual([]);
});
