/**
 * admin--plugins: the installed plugins (out-of-process modules) with their version, bundle
 * checksum and state; an admin installs or upgrades one by uploading its bundle, and disables,
 * enables or removes it. Every server of the installation follows within a second; the server
 * checks each bundle (checksums, manifest, routes, policy tests, migrations) and names what it
 * refuses.
 */
import { useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, CSRF_HEADER, EmptyState, Spinner, api, confirm, csrfToken, toast, usePageTitle, withModuleMessages } from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { loadMessages } from '../messages';
import { StatusBadge } from '../StatusBadge';
import '../admin.css';

export interface InstalledPlugin {
  id: string;
  version: string;
  checksum: string;
  enabled: boolean;
}

const key = ['admin', 'plugins'] as const;

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
  const file = useRef<HTMLInputElement>(null);
  const [sum, setSum] = useState('');
  const [refused, setRefused] = useState<string | null>(null);
  const refresh = () => void qc.invalidateQueries({ queryKey: key });
  const install = useMutation({
    mutationFn: (f: File) => uploadBundle(f, sum.trim() || undefined),
    onSuccess: (p) => {
      setRefused(null);
      toast.success(intl.formatMessage({ id: 'admin.plugins.installed', defaultMessage: '{id} {version} is installed' }, p));
      if (file.current) file.current.value = '';
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
    const f = file.current?.files?.[0];
    if (f) install.mutate(f);
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
        <label>
          <FormattedMessage id="admin.plugins.bundle" defaultMessage="Plugin bundle (.tar.gz)" />
          <input ref={file} type="file" accept=".tar.gz,.tgz,application/gzip" required data-testid="plugin-file" />
        </label>
        <label>
          <FormattedMessage id="admin.plugins.sha256" defaultMessage="Published SHA-256 (optional)" />
          <input className="its-input" value={sum} onChange={(e) => setSum(e.target.value)} spellCheck={false} maxLength={64} data-testid="plugin-sha256" />
        </label>
        <button type="submit" className="its-btn its-btn--primary" disabled={install.isPending} data-testid="plugin-install">
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
              <th><FormattedMessage id="admin.plugins.col.state" defaultMessage="State" /></th>
              <th><FormattedMessage id="admin.plugins.col.checksum" defaultMessage="Bundle SHA-256" /></th>
              <th />
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => (
              <tr key={p.id} data-testid={`plugin-row-${p.id}`}>
                <td><strong>{p.id}</strong></td>
                <td>{p.version}</td>
                <td>
                  <StatusBadge
                    status={p.enabled ? 'sent' : 'queued'}
                    text={p.enabled ? intl.formatMessage({ id: 'admin.plugins.enabled', defaultMessage: 'Enabled' }) : intl.formatMessage({ id: 'admin.plugins.disabled', defaultMessage: 'Disabled' })}
                  />
                </td>
                <td><code title={p.checksum}>{p.checksum.slice(0, 16)}…</code></td>
                <td className="adm-plugin-actions">
                  <button type="button" className="its-btn its-btn--secondary" onClick={() => change.mutate({ id: p.id, op: p.enabled ? 'disable' : 'enable' })} data-testid={`plugin-toggle-${p.id}`}>
                    {p.enabled ? <FormattedMessage id="admin.plugins.disable" defaultMessage="Disable" /> : <FormattedMessage id="admin.plugins.enable" defaultMessage="Enable" />}
                  </button>
                  <button type="button" className="its-btn its-btn--secondary" onClick={() => void remove(p.id)} data-testid={`plugin-remove-${p.id}`}>
                    <FormattedMessage id="admin.plugins.remove" defaultMessage="Remove" />
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

export default withModuleMessages(Plugins, loadMessages);
