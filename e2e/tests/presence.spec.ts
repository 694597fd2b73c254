/**
 * Presence on two ITS servers sharing one database: the editor on one server and the manager on
 * the other have the same assortment open. Each sees the other's avatar beside the Live
 * indicator and the cell the other has selected outlined in their colour with their name; when
 * one leaves the page, the other's avatar goes.
 */
import type { Browser, Locator, Page } from '@playwright/test';
import { cell } from './grid-kit';
import { animationsDone, editorAssortment, expect, shot, test, twoServers, signIn } from './helpers';

const servers = twoServers();

async function openOn(browser: Browser, role: string, url: string, id: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1400, height: 800 } })).newPage();
  await signIn(page, role, url);
  await page.goto(`${url}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('detail-grid')).not.toHaveAttribute('data-loading', 'true', { timeout: 30_000 });
  await expect(page.getByTestId('rows-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  return page;
}

/** The name label and outline colour drawn on a cell (its ::after and box-shadow). */
async function outline(target: Locator): Promise<{ label: string; shadow: string }> {
  return target.evaluate((el) => ({ label: getComputedStyle(el, '::after').content, shadow: getComputedStyle(el).boxShadow }));
}

test('two browsers on two servers see each other and the cell each has selected', async ({ browser }) => {
  test.setTimeout(180_000);
  const { api, id } = await editorAssortment(servers.a.url, `Presence ${Date.now()}`);

  const onA = await openOn(browser, 'editor', servers.a.url, id);
  const onB = await openOn(browser, 'manager', servers.b.url, id);
  const gridA = onA.getByTestId('detail-grid');
  const gridB = onB.getByTestId('detail-grid');

  // Each sees the other's avatar (initials, the name in its title and accessible name).
  const eddieOnB = onB.getByTestId('presence').getByRole('img', { name: /Eddie Editor/ });
  const monaOnA = onA.getByTestId('presence').getByRole('img', { name: /Mona Manager/ });
  await expect(eddieOnB).toHaveText('EE', { timeout: 5000 });
  await expect(monaOnA).toHaveText('MM', { timeout: 5000 });
  await expect(onA.getByTestId('presence').getByRole('img')).toHaveCount(1);

  // Each selects a cell; the other sees it outlined with the name.
  await cell(gridA, 1, 'discountPercent').click();
  const t0 = Date.now();
  await expect.poll(async () => (await outline(cell(gridB, 1, 'discountPercent'))).label, { timeout: 10_000, intervals: [20] }).toBe('"Eddie Editor"');
  test.info().annotations.push({ type: 'presence: click to the outline in the other browser', description: `${Date.now() - t0} ms (the focus rests 250 ms before it is announced)` });
  await cell(gridB, 0, 'discountPercent').click();
  await expect.poll(async () => (await outline(cell(gridA, 0, 'discountPercent'))).label, { timeout: 5000 }).toBe('"Mona Manager"');
  expect((await outline(cell(gridB, 1, 'discountPercent'))).shadow).toMatch(/inset/);
  // The title says where they are; their own cell is not outlined for themselves.
  await expect(eddieOnB).toHaveAttribute('title', /Eddie Editor, in /);
  expect((await outline(cell(gridA, 1, 'discountPercent'))).label).toBe('none');
  expect((await outline(cell(gridB, 0, 'discountPercent'))).label).toBe('none');

  // The editor moves on: the outline follows.
  await onA.keyboard.press('ArrowDown');
  await expect.poll(async () => (await outline(cell(gridB, 2, 'discountPercent'))).label, { timeout: 5000 }).toBe('"Eddie Editor"');
  expect((await outline(cell(gridB, 1, 'discountPercent'))).label).toBe('none');
  await animationsDone(onB);
  await shot(onB, 'presence-other-server');

  // The manager leaves the page: the editor's avatar of them goes.
  await onB.goto(`${servers.b.url}/`);
  await expect(monaOnA).toHaveCount(0, { timeout: 5000 });
  await expect.poll(async () => (await outline(cell(gridA, 0, 'discountPercent'))).label, { timeout: 5000 }).toBe('none');
  await api.dispose();
});
