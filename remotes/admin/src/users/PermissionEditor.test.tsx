import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithShell } from '../../../../shell/kit/src/test/render';
import type { FieldErrors } from '../errors';
import { PermissionEditor, fromRows, toRows, type PermissionRow } from './PermissionEditor';

const options = {
  permissions: ['its:products', 'its:productAssortments', 'its:admin:users'],
  roles: ['user', 'editor', 'admin', 'DIS'],
  channels: ['All', 'Wholesale', 'Retail'],
  regions: ['All', 'Europe'],
  productTypes: ['All', 'Footwear', 'POP'],
};

function Harness({ initial, errors, seen }: { initial: PermissionRow[]; errors?: (rows: PermissionRow[]) => FieldErrors; seen: { rows: PermissionRow[] } }) {
  const [rows, setRows] = useState(initial);
  seen.rows = rows;
  return <PermissionEditor rows={rows} onChange={setRows} options={options} errors={errors?.(rows)} />;
}

const rowsShown = () => screen.queryAllByTestId('permission-row');
const select = (row: HTMLElement, name: string) => within(row).getByTestId(`perm-${name}`) as HTMLSelectElement;

describe('permission editor', () => {
  it('adds a blank row (focused, narrowed to nothing) and removes rows', async () => {
    const seen = { rows: [] as PermissionRow[] };
    renderWithShell(<Harness initial={toRows([{ domain: 'its:products', role: 'user' }])} seen={seen} />);
    expect(rowsShown()).toHaveLength(1);
    // Missing narrowing means "All", shown as such.
    expect(select(rowsShown()[0]!, 'channel').value).toBe('All');
    expect(within(rowsShown()[0]!).getByTestId('perm-domain').textContent).toContain('Products');

    await act(async () => fireEvent.click(screen.getByTestId('perm-add')));
    expect(rowsShown()).toHaveLength(2);
    const added = rowsShown()[1]!;
    expect(select(added, 'domain').value).toBe('');
    expect(select(added, 'role').value).toBe('');
    expect(select(added, 'region').value).toBe('All');
    expect(document.activeElement).toBe(select(added, 'domain'));

    fireEvent.change(select(added, 'domain'), { target: { value: 'its:productAssortments' } });
    fireEvent.change(select(added, 'role'), { target: { value: 'editor' } });
    fireEvent.change(select(added, 'channel'), { target: { value: 'Retail' } });
    expect(fromRows(seen.rows)).toEqual([
      { domain: 'its:products', role: 'user', channel: 'All', region: 'All', productType: 'All' },
      { domain: 'its:productAssortments', role: 'editor', channel: 'Retail', region: 'All', productType: 'All' },
    ]);

    fireEvent.click(within(rowsShown()[0]!).getByTestId('perm-remove'));
    expect(rowsShown()).toHaveLength(1);
    expect(select(rowsShown()[0]!, 'domain').value).toBe('its:productAssortments');
    expect(fromRows(seen.rows)).toEqual([{ domain: 'its:productAssortments', role: 'editor', channel: 'Retail', region: 'All', productType: 'All' }]);

    fireEvent.click(within(rowsShown()[0]!).getByTestId('perm-remove'));
    expect(rowsShown()).toHaveLength(0);
    expect(screen.getByTestId('permissions-empty')).toBeTruthy();
  });

  it('shows each error next to its field, on the row it belongs to', () => {
    const seen = { rows: [] as PermissionRow[] };
    const initial = toRows([
      { domain: 'its:products', role: 'user' },
      { domain: 'its:productAssortments', role: 'god', channel: 'Mars' },
    ]);
    renderWithShell(
      <Harness
        initial={initial}
        seen={seen}
        errors={(rows) => ({ [`${rows[1]!.key}.role`]: 'Unknown role "god"', [`${rows[1]!.key}.channel`]: 'channel must be one of All, Wholesale, Retail' })}
      />,
    );
    const [first, second] = rowsShown() as [HTMLElement, HTMLElement];
    expect(within(first).queryByRole('alert')).toBeNull();
    expect(within(second).getByTestId('perm-role-error').textContent).toBe('Unknown role "god"');
    expect(within(second).getByTestId('perm-channel-error').textContent).toMatch(/channel must be one of/);
    expect(select(second, 'role').getAttribute('aria-invalid')).toBe('true');
    expect(select(second, 'domain').getAttribute('aria-invalid')).toBeNull();
    // A value the options do not know still shows, so the admin sees what is wrong.
    expect(select(second, 'role').value).toBe('god');
    expect(select(second, 'channel').value).toBe('Mars');
  });

  it('labels roles and domains in words, and keeps codes without a label as they are', () => {
    const seen = { rows: [] as PermissionRow[] };
    renderWithShell(<Harness initial={toRows([{ domain: 'its:admin:users', role: 'DIS', productType: 'POP' }])} seen={seen} />);
    const row = rowsShown()[0]!;
    expect(select(row, 'domain').selectedOptions[0]?.textContent).toBe('Administration: users');
    expect(select(row, 'role').selectedOptions[0]?.textContent).toBe('DIS');
    expect(select(row, 'productType').selectedOptions[0]?.textContent).toBe('POP');
    expect(select(row, 'role').getAttribute('aria-label')).toBe('Role, permission 1');
  });
});
