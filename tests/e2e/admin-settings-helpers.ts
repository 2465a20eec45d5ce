import type { Locator, Page } from 'playwright-core';
import type { Shop } from './server.ts';

/** One titled card of an admin form ('Cores', 'Botão Mobile Home'...). */
export const card = (page: Page, title: string) =>
  page.locator('section').filter({ has: page.getByRole('heading', { name: title, exact: true }) });

/** Chooses a file through the button that opens the file chooser. */
export async function chooseFile(page: Page, button: Locator, file: { name: string; buffer: Buffer; mimeType?: string }) {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.click()]);
  await chooser.setFiles({ name: file.name, mimeType: file.mimeType ?? 'image/png', buffer: file.buffer });
}

/** A tRPC query's data, as a visitor (or with a cookie). */
export async function trpcQuery<T>(shop: Shop, path: string, cookie = ''): Promise<T> {
  const res = await fetch(`${shop.url}/trpc/${path}`, { headers: { cookie } });
  return (await res.json()).result.data as T;
}

/** A tRPC mutation with the admin cookie (same-origin, as the admin sends it). */
export async function trpcMutation(shop: Shop, cookie: string, path: string, input: unknown): Promise<void> {
  const res = await fetch(`${shop.url}/trpc/${path}`, {
    method: 'POST',
    headers: { cookie, origin: shop.url, 'content-type': 'application/json' },
    body: JSON.stringify(input),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
}

/** Makes the next calls to one tRPC procedure fail with a 500 (as a broken server would). */
export async function failCalls(page: Page, procedure: string): Promise<() => Promise<void>> {
  const matches = (url: URL) => url.pathname === `/trpc/${procedure}`;
  await page.route(matches, (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }));
  return () => page.unroute(matches);
}

/** Recorded page problems other than the ones a test provoked on purpose. */
export const unexpected = (errors: string[], expected: RegExp[] = []) => errors.filter((e) => !expected.some((re) => re.test(e)));

/** The computed CSS colour of the first element matching the locator. */
export const cssColor = (l: Locator, prop: 'background-color' | 'color' | 'width' = 'background-color') =>
  l.first().evaluate((el, p) => getComputedStyle(el).getPropertyValue(p), prop);
