import { expect, test, a11yViolations, formatA11y } from './helpers';

// The scans every spec runs find what they are there to find: a page with a nameless button and
// text too pale to read answers both violations, each with the element it is on.
test('the accessibility scan reports a nameless button and low-contrast text with their elements', async ({ page }) => {
  await page.setContent(`<!doctype html><html lang="en"><head><title>Scan</title></head><body><main>
    <h1>Scan</h1><button id="nameless"></button><p id="pale" style="color:#ccc;background:#fff">Pale text</p>
    <p id="fine">Readable text</p></main></body></html>`);
  const found = await a11yViolations(page);
  const rule = (id: string) => found.find((v) => v.rule === id);
  expect(rule('button-name')?.nodes.map((n) => n.target)).toEqual(['#nameless']);
  expect(rule('color-contrast')?.nodes.map((n) => n.target)).toEqual(['#pale']);
  expect(formatA11y('the test page', found)).toContain('#pale');
  expect(found.map((v) => v.rule).sort()).toEqual(['button-name', 'color-contrast']);
});
