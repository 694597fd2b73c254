import { animationsDone, apiSession, assortmentRows, baseUrl, expect, pasteText, shot, test, type Api, signIn } from './helpers';

/**
 * Cell history in the assortment detail grid: a cell changed three times by two users lists the
 * three changes (who, old → new, how) from the cell's context menu, and "Revert to this value"
 * on the first change puts its value back through an ordinary batch, listed as a revert.
 */

interface Row {
  id: string;
  version: number;
  pillar: string | null;
}

const rowsOf = (api: Api, id: string) => assortmentRows<Row>(api, id);

/** A new static assortment of the editor's holding one catalog product. */
async function oneRowAssortment(api: Api): Promise<string> {
  const res = await api.ctx.get(`/api/products?query=${encodeURIComponent(JSON.stringify({ conditions: { productType: ['Footwear'] }, limit: 1 }))}&select=style,color`);
  expect(res.ok()).toBeTruthy();
  const [p] = (await res.json()).data.rows as Array<{ style: string; color: string }>;
  const created = await api.ctx.post('/api/assortments', {
    data: { title: `E2E History ${Date.now()}`, channel: 'Wholesale', products: [{ style: p!.style, color: p!.color }] },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(created.ok()).toBeTruthy();
  return (await created.json()).data._id as string;
}

async function setPillar(api: Api, id: string, value: string, via: string) {
  const [row] = await rowsOf(api, id);
  const res = await api.ctx.patch(`/api/assortments/batch/${id}`, {
    data: { updateProducts: [{ id: row!.id, version: row!.version, changes: { pillar: value } }], via },
    headers: { 'X-CSRF-Token': api.csrf },
  });
  expect(res.status(), await res.text()).toBe(200);
}

test('a cell lists three changes from two users and a revert restores the first', async ({ page }) => {
  const editor = await apiSession('editor');
  const manager = await apiSession('manager');
  const id = await oneRowAssortment(editor);
  await setPillar(editor, id, 'Performance', 'edit');
  await setPillar(manager, id, 'Lifestyle', 'paste');
  await setPillar(editor, id, 'Comfort', 'batch');

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/manage`);
  await expect(page.getByTestId('lock-state')).toHaveAttribute('data-status', 'mine');
  const grid = page.getByTestId('detail-grid');
  await expect(grid).not.toHaveAttribute('data-loading', 'true', { timeout: 20_000 });
  const pillar = grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="pillar"]').first();
  await expect(pillar).toHaveText('Comfort');

  await pillar.click({ button: 'right' });
  const menu = page.getByTestId('grid-context-menu');
  await expect(menu.getByRole('menuitem', { name: 'Row history' })).toBeVisible();
  await animationsDone(page);
  await shot(page, 'history-context-menu');
  await menu.getByRole('menuitem', { name: 'Show history' }).click();

  const panel = page.getByTestId('history-panel');
  const entries = panel.getByTestId('history-entry');
  await expect(entries).toHaveCount(3);
  await expect(entries.nth(0)).toHaveAttribute('data-via', 'batch');
  await expect(entries.nth(0).getByTestId('history-new')).toHaveText('Comfort');
  await expect(entries.nth(1)).toHaveAttribute('data-via', 'paste');
  await expect(entries.nth(1).getByTestId('history-old')).toHaveText('Performance');
  await expect(entries.nth(2).getByTestId('history-new')).toHaveText('Performance');
  await expect(entries.nth(0)).toContainText('Eddie Editor');
  await expect(entries.nth(1)).not.toContainText('Eddie Editor');
  // The newest change wrote the cell's value: nothing to revert to there.
  await expect(entries.nth(0).getByTestId('history-revert')).toHaveCount(0);
  await animationsDone(page);
  await shot(page, 'history-panel');

  await entries.nth(2).getByTestId('history-revert').click();
  await expect(pillar).toHaveText('Performance');
  await expect(entries).toHaveCount(4);
  await expect(entries.nth(0)).toHaveAttribute('data-via', 'revert');
  await expect(entries.nth(0).getByTestId('history-old')).toHaveText('Comfort');
  expect((await rowsOf(editor, id))[0]?.pillar).toBe('Performance');
  await shot(page, 'history-reverted');

  // A paste into the cell is listed as a paste.
  await pillar.click();
  await pasteText(page, 'Outdoor');
  await expect.poll(async () => (await rowsOf(editor, id))[0]?.pillar).toBe('Outdoor');
  const rowId = (await rowsOf(editor, id))[0]!.id;
  const res = await editor.ctx.get(`/api/assortments/${id}/rows/${rowId}/history?field=pillar&limit=1`);
  expect(res.ok()).toBeTruthy();
  expect(((await res.json()).data.entries as Array<{ via: string; new: unknown }>)[0]).toMatchObject({ via: 'paste', new: 'Outdoor' });
  await editor.ctx.dispose();
  await manager.ctx.dispose();
});
