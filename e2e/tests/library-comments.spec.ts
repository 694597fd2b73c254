import { animationsDone, baseUrl, expect, shot, test, signIn } from './helpers';
import { postWithMention, resetLayout, showCommentsColumn } from './grid-kit';

/**
 * Comments on the assets of a library's manage grid against the real server: an editor opens an
 * asset's thread from the context menu, mentions a senior editor (who manages the library too)
 * through the @ suggestions, and the Comments column counts the asset's open comments, on
 * another open page of the library too as soon as a comment is posted.
 */
test('a comment with an @mention on a library asset is counted in the Comments column', async ({ page }) => {
  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/advertising/libraries/manage/assets/pending`);
  await expect(page.getByTestId('manage-count')).toHaveText(/^\d+ items$/);
  const grid = page.getByTestId('manage-grid');
  const first = grid.locator('.ag-row[row-index="0"]').first();
  const rowId = await first.getAttribute('row-id');
  expect(rowId).toMatch(/^[0-9a-f-]{36}$/);
  const row = grid.locator(`.ag-row[row-id="${rowId}"]`);
  const name = (await row.locator('.ag-cell[col-id="name"]').first().innerText()).trim();

  await row.locator('.ag-cell[col-id="name"]').first().click({ button: 'right' });
  await page.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Comments' }).click();
  const panel = page.getByTestId('comments-panel');
  await expect(panel.getByText('No comments on this row yet.')).toBeVisible();
  // The panel names the asset.
  await expect(page.getByTestId('side-panel')).toContainText(name);
  await postWithMention(panel, 'The crop is off,', 'Sel', 'Selma Senior-Editor', 'please check');
  await animationsDone(page);
  await shot(page, 'library-comments-panel');

  // The Comments column (hidden until added) counts the asset's open comments and opens them.
  await showCommentsColumn(page, row.locator('.ag-cell[col-id="name"]').first());
  const count = row.locator('[data-testid="comments-cell"]');
  await expect(count).toHaveText('1');
  await expect(grid.locator('[data-testid="comments-cell"]')).toHaveCount(1);
  await count.scrollIntoViewIfNeeded();
  await animationsDone(page);
  await shot(page, 'library-comments-column');
  await count.click();
  await expect(panel.getByTestId('comment')).toContainText('The crop is off, @Selma Senior-Editor please check');

  // Another page of the library follows live: a comment posted here is counted there at once
  // (the live event names the asset's Comments field), without a reload.
  const other = await page.context().newPage();
  await other.goto(`${baseUrl()}/advertising/libraries/manage/assets/pending`);
  await expect(other.getByTestId('rows-live')).toHaveAttribute('data-state', 'live', { timeout: 10_000 });
  const otherCount = other.getByTestId('manage-grid').locator(`.ag-row[row-id="${rowId}"] [data-testid="comments-cell"]`);
  await expect(otherCount).toHaveText('1');
  await panel.getByTestId('comments-new-text').fill('Cropped again');
  await panel.getByTestId('comments-new-send').click();
  await expect(panel.getByTestId('comment')).toHaveCount(2);
  await expect(otherCount).toHaveText('2');
  await other.close();
  // The column added is kept in the editor's layout of the grid: the other specs start without it.
  await resetLayout('editor', 'libraries.AdvertisingAsset');
});
