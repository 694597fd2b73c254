import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost, configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../../shell/kit/src/test/render';
import type { AdminOptions, AdminUser } from '../api';
import { UserEditor } from './UserEditor';

const options: AdminOptions = {
  permissions: ['its:products', 'its:productAssortments', 'its:admin:users'],
  roles: ['user', 'editor', 'admin'],
  channels: ['All', 'Wholesale', 'Retail'],
  regions: ['All', 'Europe'],
  productTypes: ['All', 'Footwear'],
  flags: ['wof', 'conferenceDomestic'],
  departments: ['Production', 'Sales'],
  statuses: ['active', 'pendingEmail', 'pendingApproval', 'notApproved', 'deactivated'],
};

const uma: AdminUser = {
  id: 'u1',
  name: 'Uma',
  lastName: 'User',
  fullName: 'Uma User',
  email: 'user@example.com',
  userCode: 'USR001',
  status: 'active',
  permissions: [
    { domain: 'its:productAssortments', role: 'user', channel: 'All', region: 'All', productType: 'All' },
    { domain: 'its:products', role: 'user', channel: 'All', region: 'All', productType: 'All' },
  ],
  flags: ['conferenceDomestic'],
  departmentAccess: [],
};

function setup(patch: (body: Record<string, unknown>) => Response, user: AdminUser = uma, me = 'admin') {
  const bodies: Record<string, unknown>[] = [];
  const fetch = fakeFetch({
    [`GET /api/admin/users/${user.id}`]: () => json(200, { data: user }),
    'GET /api/admin/options': () => json(200, { data: options }),
    [`PATCH /api/admin/users/${user.id}`]: (init) => {
      const body = JSON.parse(String(init.body)) as Record<string, unknown>;
      bodies.push(body);
      return patch(body);
    },
  });
  configureApi({ fetch });
  renderWithShell(
    <>
      <UserEditor userId={user.id} />
      <ConfirmHost />
    </>,
    { shell: { user: { id: me, name: 'Ada', lastName: 'Admin', fullName: 'Ada Admin', email: 'admin@example.com' } } },
  );
  return bodies;
}

const rows = () => screen.getAllByTestId('permission-row');

describe('user editor', () => {
  it('says that a company sign-in account gets its permissions from the provider, and only for such accounts', async () => {
    setup(() => json(200, { data: uma }), { ...uma, strategy: 'saml:corp-saml' });
    await screen.findByTestId('user-editor');
    expect(screen.getByTestId('sso-managed').textContent).toContain('Uma User signs in through the company provider corp-saml');
  });

  it('shows no provider note for an account with an ITS password', async () => {
    setup(() => json(200, { data: uma }), { ...uma, strategy: 'local' });
    await screen.findByTestId('user-editor');
    expect(screen.queryByTestId('sso-managed')).toBeNull();
  });

  it('sends only the permissions that changed and says so', async () => {
    const bodies = setup((b) => json(200, { data: { ...uma, permissions: b.permissions } }));
    await screen.findByTestId('user-editor');
    const save = screen.getByTestId('editor-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    fireEvent.click(screen.getByTestId('perm-add'));
    const added = rows()[2]!;
    fireEvent.change(within(added).getByTestId('perm-domain'), { target: { value: 'its:productAssortments' } });
    fireEvent.change(within(added).getByTestId('perm-role'), { target: { value: 'editor' } });
    fireEvent.change(within(added).getByTestId('perm-channel'), { target: { value: 'Retail' } });
    expect(save.disabled).toBe(false);
    await act(async () => fireEvent.click(save));

    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toEqual({
      permissions: [
        { domain: 'its:productAssortments', role: 'user', channel: 'All', region: 'All', productType: 'All' },
        { domain: 'its:products', role: 'user', channel: 'All', region: 'All', productType: 'All' },
        { domain: 'its:productAssortments', role: 'editor', channel: 'Retail', region: 'All', productType: 'All' },
      ],
    });
    await waitFor(() => expect(getToasts().some((t) => t.type === 'success')).toBe(true));
    expect((screen.getByTestId('editor-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('checks blank and repeated rows before asking the server', async () => {
    const bodies = setup(() => json(200, { data: uma }));
    await screen.findByTestId('user-editor');
    fireEvent.click(screen.getByTestId('perm-add'));
    fireEvent.click(screen.getByTestId('perm-add'));
    const [, , third, fourth] = rows() as HTMLElement[];
    fireEvent.change(within(fourth!).getByTestId('perm-domain'), { target: { value: 'its:products' } });
    fireEvent.change(within(fourth!).getByTestId('perm-role'), { target: { value: 'user' } });
    await act(async () => fireEvent.click(screen.getByTestId('editor-save')));
    expect(bodies).toHaveLength(0);
    expect(within(third!).getByTestId('perm-domain-error').textContent).toBe('Choose a permission.');
    expect(within(third!).getByTestId('perm-role-error').textContent).toBe('Choose a role.');
    expect(within(fourth!).getByTestId('perm-domain-error').textContent).toBe('This permission is listed twice.');
    expect(screen.getByTestId('editor-errors').textContent).toMatch(/3 fields need your attention/);

    // Editing a field clears its error.
    fireEvent.change(within(third!).getByTestId('perm-domain'), { target: { value: 'its:admin:users' } });
    expect(within(third!).queryByTestId('perm-domain-error')).toBeNull();
  });

  it('puts the server’s validation errors next to the fields it names', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    setup(() =>
      json(400, {
        message: 'Validation failed',
        messageCode: 'ITS_ERR_VALIDATION',
        details: [
          { field: 'permissions[1].role', rule: 'enum', message: 'Unknown role "editor"' },
          { field: 'permissions[1].region', rule: 'enum', message: 'region must be one of All, Europe' },
          { field: 'flags[0]', rule: 'enum', message: 'Unknown flag "wof"' },
        ],
      }),
    );
    await screen.findByTestId('user-editor');
    fireEvent.change(within(rows()[1]!).getByTestId('perm-role'), { target: { value: 'editor' } });
    fireEvent.click(screen.getByTestId('flag-wof'));
    await act(async () => fireEvent.click(screen.getByTestId('editor-save')));
    const second = rows()[1]!;
    expect((await within(second).findByTestId('perm-role-error')).textContent).toBe('Unknown role "editor"');
    expect(within(second).getByTestId('perm-region-error').textContent).toMatch(/region must be one of/);
    expect(within(rows()[0]!).queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('section-flags-error').textContent).toBe('Unknown flag "wof"');
    expect(screen.getByTestId('editor-errors').textContent).toMatch(/3 fields/);
  });

  it('shows the server’s refusal when admins remove their own user administration', async () => {
    const self: AdminUser = { ...uma, id: 'admin', email: 'admin@example.com', permissions: [{ domain: 'its:admin:users', role: 'admin', channel: 'All', region: 'All', productType: 'All' }] };
    const bodies = setup(
      () =>
        json(400, {
          message: 'You cannot remove your own user administration permission',
          messageCode: 'ITS_ERR_VALIDATION',
          details: [{ field: 'permissions', rule: 'self', message: 'You cannot remove your own user administration permission' }],
        }),
      self,
    );
    await screen.findByTestId('user-editor');
    expect((screen.getByTestId('editor-status') as HTMLSelectElement).disabled).toBe(true);
    fireEvent.click(within(rows()[0]!).getByTestId('perm-remove'));
    await act(async () => fireEvent.click(screen.getByTestId('editor-save')));
    expect(bodies[0]).toEqual({ permissions: [] });
    expect((await screen.findByTestId('section-permissions-error')).textContent).toBe('You cannot remove your own user administration permission.');
  });

  it('asks before deactivating, and does nothing when the answer is no', async () => {
    const bodies = setup((b) => json(200, { data: { ...uma, status: b.status } }));
    await screen.findByTestId('user-editor');
    fireEvent.change(screen.getByTestId('editor-status'), { target: { value: 'deactivated' } });
    expect(screen.getByTestId('deactivate-hint')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('editor-save')));
    let dialog = await screen.findByTestId('confirm-dialog');
    expect(dialog.textContent).toMatch(/Are you sure\?/);
    await act(async () => fireEvent.click(within(dialog).getByText('Cancel')));
    expect(bodies).toHaveLength(0);

    await act(async () => fireEvent.click(screen.getByTestId('editor-save')));
    dialog = await screen.findByTestId('confirm-dialog');
    await act(async () => fireEvent.click(within(dialog).getByText('Deactivate')));
    await waitFor(() => expect(bodies).toEqual([{ status: 'deactivated' }]));
    await waitFor(() => expect(getToasts().map((t) => t.message)).toContain('Uma User was deactivated and logged out.'));
  });
});
