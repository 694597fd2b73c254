import { describe, expect, it } from 'vitest';
import { LOCALES, moduleTitles } from '@its/kit';
import { loadShellCatalog } from './IntlRoot';

describe('loadShellCatalog', () => {
  it('words each module title as its manifest does, in every locale, beside the catalog', async () => {
    for (const locale of LOCALES) {
      const catalog = await loadShellCatalog(locale);
      expect(Object.keys(moduleTitles[locale]).length).toBeGreaterThanOrEqual(14);
      for (const [id, text] of Object.entries(moduleTitles[locale])) expect(catalog[id]).toBe(text);
      expect(catalog['nav.group.assortments']).toBeTruthy();
    }
    expect((await loadShellCatalog('de-DE'))['module.seasons']).toBe('Saisons');
    expect((await loadShellCatalog('ja-JP'))['module.orders']).toBe('注文');
    expect((await loadShellCatalog('fr-FR'))['nav.manageSeasons']).toBe(moduleTitles['fr-FR']['nav.manageSeasons']);
  });
});
