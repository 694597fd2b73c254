import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../shell/kit/src/test/render';
import { PrototypeTabs, prototypePages } from './PrototypeTabs';

describe('prototype tabs', () => {
  it('links the four prototype pages in order and marks the open one', () => {
    renderWithShell(<PrototypeTabs />, { path: '/prototypes/previewer' });
    const links = screen.getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/prototypes/dragdrop',
      '/prototypes/previewer',
      '/prototypes/category-select',
      '/prototypes/product-detail',
    ]);
    expect(links.map((a) => a.textContent)).toEqual(['Drag and drop', 'Previewer', 'Category select', 'Product detail']);
    expect(screen.getByRole('link', { current: 'page' }).getAttribute('href')).toBe('/prototypes/previewer');
    expect(screen.getByRole('navigation').getAttribute('aria-label')).toBe('Prototypes');
    expect(prototypePages[0]).toBe('dragdrop');
  });

  it('shows the pages in the user language', () => {
    renderWithShell(<PrototypeTabs />, {
      path: '/prototypes/dragdrop',
      locale: 'de-DE',
      messages: { 'libraries.prototypes.tab.dragdrop': 'Ziehen und Ablegen' },
    });
    expect(screen.getByRole('link', { current: 'page' }).textContent).toBe('Ziehen und Ablegen');
  });
});
