import { type Page } from '@playwright/test';
import { apiSession, baseUrl, expect, shot, test, signIn } from './helpers';
import { freshAssortment, groupSort, saved, sendSortBatches } from './sort';

/**
 * A display group's custom content against the real server: an editor writes html (with a
 * script and an event handler in it) and uploads a preview image and a source file on the sort
 * page; after a reload the sort page and the showroom's divider show the sanitised html and the
 * drawn preview, and nothing of the script ran or survived.
 */

declare global {
  interface Window {
    __xss?: number;
  }
}

const HTML = '<h2>Trail <b>story</b></h2><p>Built for wet rock.</p><script>window.__xss = 1</script><img src="x" onerror="window.__xss = 2">';

async function noScript(page: Page) {
  expect(await page.evaluate(() => window.__xss)).toBeUndefined();
  expect(await page.locator('[data-testid=group-content-html] script, [data-testid=content-preview-html] script').count()).toBe(0);
  expect(await page.locator('[data-testid=group-content-html] [onerror]').count()).toBe(0);
}

test('custom content with an image on a group: sanitised, kept after a reload, shown in the showroom', async ({ page }) => {
  test.setTimeout(240_000);
  const api = await apiSession('editor');
  const id = await freshAssortment(api, 'Content check', 12);
  await sendSortBatches(api, id, (await groupSort(api, id)).version, [{ type: 'groupBy', groupBy: 'pillar' }]);
  const gs = await groupSort(api, id);
  const target = gs.groups.find((g) => !g.uncategorized && g.styles.length > 0)!;

  await signIn(page, 'editor');
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/sort`);
  await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
  // The image: a picture of the page itself, as a PNG.
  const image = await page.screenshot({ clip: { x: 0, y: 0, width: 900, height: 420 } });

  const group = page.locator(`[data-testid=sort-group][data-id="${target.id}"]`);
  await group.getByTestId('group-content-edit').click();
  const editor = group.getByTestId('content-editor');
  await editor.getByTestId('content-html').fill(HTML);
  // The live preview is the sanitised html.
  await expect(editor.getByTestId('content-preview-html').locator('b')).toHaveText('story');
  await editor.getByTestId('content-file-preview').setInputFiles({ name: 'trail-story.png', mimeType: 'image/png', buffer: image });
  await expect(editor.getByTestId('content-name-preview')).toHaveText('trail-story.jpg', { timeout: 30_000 });
  await editor.getByTestId('content-file-source').setInputFiles({ name: 'trail-story.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n') });
  await expect(editor.getByTestId('content-name-source')).toHaveText('trail-story.pdf', { timeout: 30_000 });
  await saved(page);
  await noScript(page);
  await shot(page, 'group-content-editor');

  // The server keeps the sanitised html and the two files.
  const content = (await groupSort(api, id)).groups.find((g) => g.id === target.id) as unknown as { customContent: { html: string; previewJpg: string; sourceFile: string } };
  expect(content.customContent.html).toContain('<b>story</b>');
  expect(content.customContent.html).not.toContain('script');
  expect(content.customContent.html).not.toContain('onerror');
  expect(content.customContent.previewJpg).toBe(`assortments/${id}/customContent/preview/trail-story.jpg`);
  expect(content.customContent.sourceFile).toBe(`assortments/${id}/customContent/trail-story.pdf`);

  // After a reload the group shows it, with the drawn preview.
  await expect
    .poll(
      async () => {
        await page.reload();
        const img = page.locator(`[data-testid=sort-group][data-id="${target.id}"] [data-testid=group-content-image]`);
        await expect(page.getByTestId('sort-board')).toBeVisible({ timeout: 30_000 });
        if ((await img.count()) === 0) return false;
        return img
          .evaluate(
            (el) =>
              new Promise<boolean>((done) => {
                const i = el as HTMLImageElement;
                if (i.complete) return done(i.naturalWidth > 0);
                i.addEventListener('load', () => done(i.naturalWidth > 0));
                i.addEventListener('error', () => done(false));
              }),
          )
          .catch(() => false);
      },
      { timeout: 60_000 },
    )
    .toBeTruthy();
  const shown = group.getByTestId('group-content');
  await expect(shown.getByTestId('group-content-html').locator('h2')).toHaveText('Trail story');
  await expect(shown.getByTestId('group-content-source')).toHaveText('Download trail-story.pdf');
  await noScript(page);
  await shot(page, 'group-content-sort');

  // The showroom's divider of that group shows the same content.
  await page.goto(`${baseUrl()}/product/assortments/assortment/${id}/showroom`);
  const section = page.locator(`[data-testid=showroom-group][data-title="${target.title}"]`);
  await expect(section.getByTestId('group-content-html').locator('b')).toHaveText('story', { timeout: 30_000 });
  await expect(section.getByTestId('group-content-image')).toBeVisible();
  await expect.poll(() => section.getByTestId('group-content-image').evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  await noScript(page);
  await shot(page, 'group-content-showroom');
});
