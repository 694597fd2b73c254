import { expect, type Locator, type Page } from '@playwright/test';
import type { Api } from './helpers';

/** The sort page's helpers shared by the regular and the internal assortments' specs. */

export interface GroupSort {
  version: number;
  groupBy: string;
  groups: Array<{ id: string; title: string; uncategorized: boolean; styles: Array<{ style: string; styleNumeric: number; gender: string }> }>;
}

/** The group sort state as the server has it (org: assortments or internalAssortments). */
export async function groupSort(api: Api, id: string, org = 'assortments'): Promise<GroupSort> {
  const res = await api.ctx.get(`/api/${org}/groupsort/${id}`);
  expect(res.ok()).toBeTruthy();
  return (await res.json()).data as GroupSort;
}

export const apiLayout = (gs: GroupSort) => gs.groups.map((g) => `${g.title}: ${g.styles.map((s) => s.style).join(' ')}`);

/** The page's order, as "group: style style". */
export async function pageLayout(page: Page): Promise<string[]> {
  return page.getByTestId('sort-group').evaluateAll((els) =>
    els.map((g) => `${g.getAttribute('data-title')}: ${Array.from(g.querySelectorAll('[data-testid=sort-style]'), (s) => s.getAttribute('data-style')).join(' ')}`),
  );
}

/** The page's group titles in order. */
export const pageTitles = (page: Page) => page.getByTestId('sort-group').evaluateAll((els) => els.map((g) => g.getAttribute('data-title') ?? ''));
export const apiTitles = (gs: GroupSort) => gs.groups.map((g) => g.title);

/** A pointer drag the way a person makes it: press on the handle, move in steps, release over the target. */
export async function drag(page: Page, from: Locator, to: Locator, where: 'top' | 'center' = 'center') {
  const a = (await from.boundingBox())!;
  const b = (await to.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2 + 8, a.y + a.height / 2 + 8, { steps: 4 });
  const y = where === 'top' ? b.y + 6 : b.y + b.height / 2;
  await page.mouse.move(b.x + b.width / 2, y, { steps: 16 });
  await page.mouse.move(b.x + b.width / 2, y + 1, { steps: 2 });
  await page.mouse.up();
}

/** Waits until every move is saved. */
export async function saved(page: Page) {
  await expect(page.getByTestId('sort-save')).toHaveAttribute('data-status', 'idle', { timeout: 15_000 });
}
