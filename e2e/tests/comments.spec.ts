import { animationsDone, apiSession, baseUrl, expect, login, shot, test, signIn } from './helpers';
import { postWithMention, showCommentsColumn } from './grid-kit';
import { freshAssortment } from './sort';

/**
 * Row comments in the assortment detail grid against the real server: an editor opens a row's
 * thread from the context menu, mentions the manager (who may see every assortment) through the
 * @ suggestions, and the manager finds the notification in the drawer and the comment, counted
 * in the Comments column, on the row. The manager resolves the thread: the editor's open page
 * follows live, its Comments column no longer counting it, without a reload.
 */
test('a comment with an @mention notifies the colleague', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const api = await apiSession('editor');
  const id = await freshAssortment(api, 'Comments', 3);
  const url = `${baseUrl()}/product/assortments/assortment/${id}/manage`;

  await signIn(page, 'editor');
  await page.goto(url);
  const grid = page.getByTestId('detail-grid');
  await grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="name"]').first().click({ button: 'right' });
  await page.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Comments' }).click();
  const panel = page.getByTestId('comments-panel');
  await expect(panel.getByText('No comments on this row yet.')).toBeVisible();
  await postWithMention(panel, 'Please check the price,', 'Mo', 'Mona Manager', 'thanks');
  await animationsDone(page);
  await shot(page, 'comments-panel');
  // The Comments column (hidden until added) counts the row's open comments and opens them.
  await showCommentsColumn(page, grid.locator('.ag-row[row-index="0"] .ag-cell[col-id="name"]').first());
  const count = grid.locator('.ag-row[row-index="0"] [data-testid="comments-cell"]');
  await expect(count).toHaveText('1');
  await expect(grid.locator('[data-testid="comments-cell"]')).toHaveCount(1);
  await count.click();
  await expect(panel.getByTestId('comment')).toHaveCount(1);
  await animationsDone(page);
  await shot(page, 'comments-column');

  const other = await browser.newContext();
  const manager = await other.newPage();
  await login(manager, 'manager');
  await manager.getByTestId('notifications-button').click();
  const drawer = manager.getByTestId('notification-drawer');
  await expect(drawer.getByText('Eddie Editor mentioned you in a comment').first()).toBeVisible();
  await animationsDone(manager);
  await shot(manager, 'comments-notification');
  // The manager sees the thread on the row and resolves it.
  await manager.goto(url);
  await manager.getByTestId('detail-grid').locator('.ag-row[row-index="0"] .ag-cell[col-id="name"]').first().click({ button: 'right' });
  await manager.getByTestId('grid-context-menu').getByRole('menuitem', { name: 'Comments' }).click();
  const mpanel = manager.getByTestId('comments-panel');
  await expect(mpanel.getByTestId('comment')).toContainText('Please check the price, @Mona Manager thanks');
  await mpanel.getByTestId('comments-resolve').click();
  await expect(mpanel.getByTestId('comments-state')).toContainText('Resolved by Mona Manager');
  // The editor's page was told (the live event names the row's Comments column): no open comment is counted.
  await expect(page.getByTestId('rows-live')).toHaveAttribute('data-state', 'live');
  await expect(count).toHaveCount(0, { timeout: 2000 });
  await other.close();
});
