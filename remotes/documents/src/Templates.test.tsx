import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmHost, configureApi, getToasts } from '@its/kit';
import { fakeFetch, json, renderWithShell } from '../../../shell/kit/src/test/render';
import { defaultSettings, type DocumentTemplate, type TemplateOptions } from './api';
import { TemplatesMenu } from './Templates';

const options: TemplateOptions = {
  documentType: { type: 'Pricesheet', subType: 'Expanded' },
  settings: { ...defaultSettings(), columns: ['division'], author: 'House of Style' },
};
const mine: DocumentTemplate = { _id: 't1', name: 'House style', shared: true, mine: true, ownerName: 'Eddie Editor', options, modifiedDate: '' };
const theirs: DocumentTemplate = { _id: 't2', name: 'Buyers', shared: true, mine: false, ownerName: 'Selma Senior-Editor', options, modifiedDate: '' };

function setup(routes: Parameters<typeof fakeFetch>[0], canEdit = true) {
  const fake = fakeFetch({ 'GET /api/document-templates': () => json(200, { data: [mine, theirs] }), ...routes });
  configureApi({ fetch: fake });
  const onApply = vi.fn();
  const current = () => ({ documentType: { type: 'Linesheet', subType: 'Condensed' }, settings: { ...defaultSettings(), coverPage: false } });
  renderWithShell(
    <>
      <TemplatesMenu canEdit={canEdit} canManageShared={false} current={current} onApply={onApply} />
      <ConfirmHost />
    </>,
  );
  return { fake, onApply };
}

describe('TemplatesMenu', () => {
  it('lists own and colleagues’ templates and applies the one picked', async () => {
    const { onApply } = setup({});
    fireEvent.click(screen.getByRole('button', { name: 'Templates' }));
    const menu = await screen.findByRole('menu');
    expect(await within(menu).findByText('My templates')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: /Buyers/ }).textContent).toContain('by Selma Senior-Editor');
    fireEvent.click(within(menu).getByRole('menuitem', { name: /Buyers/ }));
    expect(onApply).toHaveBeenCalledWith(theirs);
    expect(screen.queryByRole('menu')).toBeNull();
  });

  it('offers no saving to who may not edit', async () => {
    setup({}, false);
    fireEvent.click(screen.getByRole('button', { name: 'Templates' }));
    await screen.findByRole('menuitem', { name: /House style/ });
    expect(screen.queryByRole('menuitem', { name: 'Save as template…' })).toBeNull();
  });

  it('saves the form as a shared template, and says so when the name is taken', async () => {
    let taken = true;
    const { fake } = setup({
      'POST /api/document-templates': () =>
        taken
          ? json(409, { message: 'You already have a template with this name. Choose another name.', messageCode: 'ITS_ERR_CONFLICT', details: [] })
          : json(200, { message: 'Template Saved', data: { ...mine, _id: 't3', name: 'Autumn' } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Templates' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Save as template…' }));
    const dialog = await screen.findByTestId('template-save-dialog');
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'House style' } });
    fireEvent.click(within(dialog).getByLabelText('My colleagues too'));
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' })));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('You already have a template with this name');
    const sent = JSON.parse(String(fake.calls.find((c) => c.init.method === 'POST')!.init.body)) as { name: string; shared: boolean; options: TemplateOptions };
    expect(sent).toMatchObject({ name: 'House style', shared: true, options: { documentType: { type: 'Linesheet', subType: 'Condensed' }, settings: { coverPage: false } } });

    taken = false;
    fireEvent.change(within(dialog).getByLabelText('Template name'), { target: { value: 'Autumn' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Save template' })));
    await waitFor(() => expect(getToasts().some((t) => t.type === 'success' && t.message === 'Template Saved')).toBe(true));
    expect(screen.queryByTestId('template-save-dialog')).toBeNull();
  });

  it('renames and deletes one’s own templates', async () => {
    const { fake } = setup({
      'PATCH /api/document-templates/t1': () => json(200, { message: 'Template Saved', data: { ...mine, name: 'House style 2' } }),
      'DELETE /api/document-templates/t1': () => json(200, { message: 'Template Deleted', data: { deleted: true } }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Templates' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Manage my templates…' }));
    const dialog = await screen.findByTestId('template-manage-dialog');
    // Only one's own templates are managed here.
    expect(within(dialog).queryByText('Buyers')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Rename' }));
    const rename = await screen.findByTestId('template-rename-dialog');
    fireEvent.change(within(rename).getByLabelText('Template name'), { target: { value: 'House style 2' } });
    await act(async () => fireEvent.click(within(rename).getByRole('button', { name: 'Save template' })));
    const patch = fake.calls.find((c) => c.init.method === 'PATCH')!;
    expect(JSON.parse(String(patch.init.body))).toEqual({ name: 'House style 2' });

    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    const confirmDialog = await screen.findByTestId('confirm-dialog');
    expect(confirmDialog.textContent).toContain('Delete the template “House style”?');
    await act(async () => fireEvent.click(within(confirmDialog).getByRole('button', { name: 'Delete' })));
    expect(fake.calls.some((c) => c.init.method === 'DELETE' && c.url.endsWith('/api/document-templates/t1'))).toBe(true);
  });
});
