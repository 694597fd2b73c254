import { render, screen } from '@testing-library/react';
import { IntlProvider, useIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { formatTitle, type ModuleEntry } from '@its/kit';
import { RegistryTitles, registryCatalog } from './RegistryTitles';

// A plugin as /api/modules shows it: its titles come from its manifest, not from the shell.
const plugin: ModuleEntry = {
  id: 'fall26',
  title: 'module.fall26',
  titles: { 'en-US': 'Fall 26', 'de-DE': 'Herbst 26' },
  nav: [
    { id: 'fall26', title: 'nav.fall26', path: '/fall26', titles: { 'en-US': 'Fall 26 site', 'de-DE': 'Herbst-26-Seite' } },
    { id: 'fall26Shop', title: 'nav.fall26Shop', path: '/fall26/shop', group: 'events', titles: { 'en-US': 'Shop' }, groupTitles: { 'en-US': 'Events', 'de-DE': 'Veranstaltungen' } },
  ],
};
const compiled: ModuleEntry = { id: 'orders', title: 'module.orders', titles: { 'en-US': 'Orders (manifest)' } };

function Titles({ ids }: { ids: string[] }) {
  const intl = useIntl();
  return <p data-testid="titles">{ids.map((id) => formatTitle(intl, id)).join(' | ')}</p>;
}

describe('registry titles', () => {
  it("words each module's, nav entry's and nav group's title in the locale, else in en-US", () => {
    expect(registryCatalog([plugin], 'de-DE')).toEqual({ 'module.fall26': 'Herbst 26', 'nav.fall26': 'Herbst-26-Seite', 'nav.fall26Shop': 'Shop', 'nav.group.events': 'Veranstaltungen' });
    expect(registryCatalog([plugin], 'ja-JP')).toEqual({ 'module.fall26': 'Fall 26', 'nav.fall26': 'Fall 26 site', 'nav.fall26Shop': 'Shop', 'nav.group.events': 'Events' });
    expect(registryCatalog([{ id: 'x', title: 'module.x' }], 'de-DE')).toEqual({});
  });

  it("shows a plugin's title below it, the catalog's text winning on an id it holds", () => {
    render(
      <IntlProvider locale="de-DE" messages={{ 'module.orders': 'Bestellungen' }}>
        <RegistryTitles modules={[plugin, compiled]}>
          <Titles ids={['module.fall26', 'nav.fall26', 'module.orders', 'module.unknown']} />
        </RegistryTitles>
      </IntlProvider>,
    );
    expect(screen.getByTestId('titles').textContent).toBe('Herbst 26 | Herbst-26-Seite | Bestellungen | module.unknown');
  });
});
