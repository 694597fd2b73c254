/**
 * admin--plugins: every plugin (out-of-process module) that serves or should, whatever installed
 * it: a bundle uploaded here or with `its plugins install`, or a folder put into the plugins
 * folder by hand. Each shows its version, checksum, source and state (enabled, disabled, or
 * failed with the reason); an admin installs or upgrades one by uploading its bundle, disables
 * and enables any, and removes an uploaded one. Every server of the installation follows within
 * a second; the server checks each bundle (checksums, manifest, routes, policy tests,
 * migrations) and names what it refuses.
 */
import { useState, type FormEvent } from 'react';
import { FormattedMessage, defineMessages, useIntl, type MessageDescriptor } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CSRF_HEADER, EmptyState, FileInput, Spinner, api, confirm, csrfToken, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { StatusBadge } from '../StatusBadge';
import '../admin.css';

export interface InstalledPlugin {
  id: string;
  version: string;
  /** The bundle's SHA-256 (uploaded), the executable's (folder). */
  checksum: string;
  source: 'uploaded' | 'folder';
  enabled: boolean;
  /** Why the plugin cannot serve. */
  error?: string;
}

const key = ['admin', 'plugins'] as const;

type State = 'enabled' | 'disabled' | 'failed';

/** The StatusBadge tone of each state. */
const STATE_TONES: Record<State, string> = { enabled: 'sent', disabled: 'queued', failed: 'failed' };

const stateText = defineMessages({
  enabled: { id: 'admin.plugins.enabled', defaultMessage: 'Enabled' },
  disabled: { id: 'admin.plugins.disabled', defaultMessage: 'Disabled' },
  failed: { id: 'admin.plugins.failed', defaultMessage: 'Failed' },
});

const sourceText = defineMessages({
  uploaded: { id: 'admin.plugins.source.uploaded', defaultMessage: 'Uploaded' },
  folder: { id: 'admin.plugins.source.folder', defaultMessage: 'Plugins folder' },
});

/** What the checksum is of: the bundle uploaded, the executable of a folder. */
const checksumText: Record<InstalledPlugin['source'], MessageDescriptor> = defineMessages({
  uploaded: { id: 'admin.plugins.checksum.bundle', defaultMessage: 'SHA-256 of the bundle: {sum}' },
  folder: { id: 'admin.plugins.checksum.executable', defaultMessage: 'SHA-256 of the executable: {sum}' },
});

/** Sends a bundle file as the request body (it can be far larger than a JSON body). */
export async function uploadBundle(file: Blob, sha256?: string): Promise<{ id: string; version: string }> {
  const q = sha256 ? `?sha256=${encodeURIComponent(sha256)}` : '';
  const res = await fetch(`/api/admin/plugins${q}`, {
    method: 'POST',
    credentials: 'include',
    headers: { [CSRF_HEADER]: csrfToken(), 'Content-Type': 'application/gzip' },
    body: file,
  });
  const body = (await res.json().catch(() => ({}))) as { data?: { id: string; version: string }; message?: string; messageCode?: string };
  if (!res.ok || !body.data) throw new ApiError(res.status, { message: body.message ?? res.statusText, messageCode: body.messageCode ?? '' });
  return body.data;
}

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function Plugins() {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'admin.plugins.title', defaultMessage: 'Plugins' }));
  const qc = useQueryClient();
  const list = useQuery({ queryKey: key, queryFn: () => api.get<InstalledPlugin[]>('/api/admin/plugins') });
  const [file, setFile] = useState<File | null>(null);
  const [sum, setSum] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: key });
  const install = useMutation({
    mutationFn: (f: File) => uploadBundle(f, sum.trim() || undefined),
    onSuccess: (p) => {
      setRefused(null);
      toast.success(intl.formatMessage({ id: 'admin.plugins.installed', defaultMessage: '{id} {version} is installed' }, p));
      setFile(null);
      setSum('');
      refresh();
    },
    onError: (e) => setRefused(errorText(e)),
  });
  const change = useMutation({
    mutationFn: ({ id, op }: { id: string; op: 'enable' | 'disable' | 'remove' }) =>
      op === 'remove' ? api.delete(`/api/admin/plugins/${encodeURIComponent(id)}`) : api.put(`/api/admin/plugins/${encodeURIComponent(id)}/enabled`, { enabled: op === 'enable' }),
    onSuccess: refresh,
    onError: (e) => toast.error(errorText(e)),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (file) install.mutate(file);
  };
  const remove = async (id: string) => {
    const answer = await confirm({
      title: intl.formatMessage({ id: 'admin.plugins.removeTitle', defaultMessage: 'Remove {id}?' }, { id }),
      message: intl.formatMessage({ id: 'admin.plugins.removeText', defaultMessage: 'Its routes and pages go away on every server. Its data and files stay.' }),
    });
    if (answer === 'yes') change.mutate({ id, op: 'remove' });
  };
  return (
    <div className="adm-page" data-testid="admin-plugins">
      <AdminHeader />
      <form className="adm-plugin-upload" onSubmit={submit} data-testid="plugin-upload">
        <div className="adm-plugin-field">
          <span id="plugin-bundle-label">
            <FormattedMessage id="admin.plugins.bundle" defaultMessage="Plugin bundle (.tar.gz)" />
          </span>
          <FileInput file={file} onChange={setFile} accept=".tar.gz,.tgz,application/gzip" aria-labelledby="plugin-bundle-label" data-testid="plugin-file" />
        </div>
        <label className="adm-plugin-field">
          <FormattedMessage id="admin.plugins.sha256" defaultMessage="Published SHA-256 (optional)" />
          <input className="its-input" value={sum} onChange={(e) => setSum(e.target.value)} spellCheck={false} maxLength={64} data-testid="plugin-sha256" />
        </label>
        <button type="submit" className="its-btn its-btn--primary" disabled={install.isPending || !file} data-testid="plugin-install">
          {install.isPending ? <Spinner size={14} /> : <FormattedMessage id="admin.plugins.install" defaultMessage="Install or upgrade" />}
        </button>
      </form>
      {refused && (
        <p className="adm-plugin-refused" role="alert" data-testid="plugin-refused">
          {refused}
        </p>
      )}
      {list.isPending ? (
        <Spinner />
      ) : (list.data ?? []).length === 0 ? (
        <EmptyState title={<FormattedMessage id="admin.plugins.none" defaultMessage="No plugins are installed." />} />
      ) : (
        <table className="adm-table" data-testid="plugin-table">
          <thead>
            <tr>
              <th><FormattedMessage id="admin.plugins.col.id" defaultMessage="Plugin" /></th>
              <th><FormattedMessage id="admin.plugins.col.version" defaultMessage="Version" /></th>
              <th><FormattedMessage id="admin.plugins.col.source" defaultMessage="Source" /></th>
              <th><FormattedMessage id="admin.plugins.col.state" defaultMessage="State" /></th>
              <th><FormattedMessage id="admin.plugins.col.checksum" defaultMessage="Checksum (SHA-256)" /></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => {
              const state = !p.enabled ? 'disabled' : p.error ? 'failed' : 'enabled';
              return (
                <tr key={p.id} data-testid={`plugin-row-${p.id}`} data-state={state}>
                  <td><strong>{p.id}</strong></td>
                  <td>{p.version}</td>
                  <td data-testid={`plugin-source-${p.id}`}>
                    <FormattedMessage {...sourceText[p.source]} />
                  </td>
                  <td>
                    <StatusBadge status={STATE_TONES[state]} text={intl.formatMessage(stateText[state])} />
                    {p.error && (
                      <p className="adm-plugin-error" data-testid={`plugin-error-${p.id}`}>
                        {p.error}
                      </p>
                    )}
                  </td>
                  <td>
                    {p.checksum && (
                      <code title={intl.formatMessage(checksumText[p.source], { sum: p.checksum })}>
                        {p.checksum.slice(0, 16)}…
                      </code>
                    )}
                  </td>
                  <td className="adm-plugin-actions">
                    <button type="button" className="its-btn its-btn--secondary" onClick={() => change.mutate({ id: p.id, op: p.enabled ? 'disable' : 'enable' })} data-testid={`plugin-toggle-${p.id}`}>
                      {p.enabled ? <FormattedMessage id="admin.plugins.disable" defaultMessage="Disable" /> : <FormattedMessage id="admin.plugins.enable" defaultMessage="Enable" />}
                    </button>
                    {/* A folder put there by hand is the operator's to delete, on each server. */}
                    {p.source === 'uploaded' && (
                      <button type="button" className="its-btn its-btn--secondary" onClick={() => void remove(p.id)} data-testid={`plugin-remove-${p.id}`}>
                        <FormattedMessage id="admin.plugins.remove" defaultMessage="Remove" />
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default withModuleMessages(Plugins, loadMessages);
