/**
 * admin--users: every account, searchable and filtered by status. Access requests awaiting
 * approval come first with Approve and Refuse; a row opens its editor in the side panel.
 */
import { useEffect, useMemo, useState, type KeyboardEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  EmptyState,
  Icon,
  ModuleMessages,
  SearchInput,
  Skeleton,
  Spinner,
  chrome,
  confirm,
  useCurrentUser,
  useFailureToast,
  usePageChrome,
  usePageTitle,
  withModuleMessages,
} from '@its/kit';
import { AdminHeader } from '../AdminHeader';
import { useUserList, type AdminUser } from '../api';
import { label, initials, statusLabels } from '../labels';
import { loadMessages } from '../messages';
import { LoadFailed, RefreshButton } from '../QueryStates';
import { StatusBadge } from '../StatusBadge';
import { editorState, UserEditor } from './UserEditor';
import { useAccountActions } from './useAccountActions';
import '../admin.css';

const STATUSES = ['pendingApproval', 'active', 'pendingEmail', 'notApproved', 'deactivated'] as const;

function useListParams() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const text = params.get('q') ?? '';
  const set = (k: 'status' | 'q', v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v) next.set(k, v);
        else next.delete(k);
        return next;
      },
      { replace: true },
    );
  return { status: (STATUSES as readonly string[]).includes(status) ? status : '', text, set };
}

function SkeletonRows() {
  return (
    <>
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <tr key={i} className="adm-row adm-row--skeleton">
          <td>
            <span className="adm-person">
              <Skeleton width={32} height={32} radius={16} />
              <Skeleton width={140} />
            </span>
          </td>
          <td>
            <Skeleton width={180} />
          </td>
          <td className="adm-col-code">
            <Skeleton width={60} />
          </td>
          <td>
            <Skeleton width={80} height={20} radius={10} />
          </td>
          <td className="adm-col-perms">
            <Skeleton width={28} />
          </td>
          <td />
        </tr>
      ))}
    </>
  );
}

function UserRow({
  u,
  selected,
  self,
  onOpen,
  actions,
}: {
  u: AdminUser;
  selected: boolean;
  self: boolean;
  onOpen: (u: AdminUser) => void;
  actions: ReturnType<typeof useAccountActions>;
}) {
  const intl = useIntl();
  const pending = u.status === 'pendingApproval';
  const name = u.fullName || `${u.name} ${u.lastName}`.trim() || u.email;
  const count = u.permissions?.length ?? 0;
  const busy = actions.busy === u.id;
  const onKey = (e: KeyboardEvent) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpen(u);
    }
  };
  return (
    <tr
      className={`adm-row${selected ? ' is-selected' : ''}${pending ? ' is-pending' : ''}`}
      onClick={() => onOpen(u)}
      onKeyDown={onKey}
      tabIndex={0}
      aria-current={selected ? true : undefined}
      data-testid="user-row"
      data-email={u.email}
      data-status={u.status}
    >
      <td>
        <span className="adm-person">
          <span className="adm-avatar" aria-hidden>
            {initials(u.name, u.lastName, u.email)}
          </span>
          <span className="adm-person__name">{name}</span>
          {self && (
            <span className="adm-tag">
              <FormattedMessage id="admin.users.you" defaultMessage="You" />
            </span>
          )}
        </span>
      </td>
      <td className="adm-cell-mail">{u.email}</td>
      <td className="adm-col-code">{u.userCode ? <code className="adm-code">{u.userCode}</code> : <span className="adm-muted">—</span>}</td>
      <td>
        <StatusBadge status={u.status} />
      </td>
      <td className="adm-cell-num adm-col-perms">
        <span
          className={`adm-count${count === 0 ? ' is-zero' : ''}`}
          title={intl.formatMessage({ id: 'admin.users.permCount', defaultMessage: '{n, plural, =0 {No permissions} one {One permission} other {# permissions}}' }, { n: count })}
          data-testid="perm-count"
        >
          {count}
        </span>
      </td>
      <td className="adm-cell-actions">
        {pending ? (
          <span className="adm-row__actions">
            <button
              type="button"
              className="its-btn its-btn--primary adm-btn-sm"
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation();
                void actions.approve(u);
              }}
              data-testid="approve"
            >
              {busy ? <Spinner size={14} /> : <Icon name="check" size={15} />}
              <FormattedMessage id="admin.action.approve" defaultMessage="Approve" />
            </button>
            <button
              type="button"
              className="its-btn its-btn--secondary adm-btn-sm"
              disabled={busy}
              onClick={(e) => {
                e.stopPropagation();
                void actions.refuse(u);
              }}
              data-testid="refuse"
            >
              <FormattedMessage id="admin.action.refuse" defaultMessage="Refuse" />
            </button>
          </span>
        ) : (
          <span className="adm-row__open" aria-hidden>
            <Icon name="chevronRight" size={18} />
          </span>
        )}
      </td>
    </tr>
  );
}

function GroupRow({ title, count, tone }: { title: ReactNode; count: number; tone?: 'warning' }) {
  return (
    <tr className={`adm-group${tone ? ` adm-group--${tone}` : ''}`}>
      <th colSpan={6} scope="rowgroup">
        {title}
        <span className="adm-group__count">{count}</span>
      </th>
    </tr>
  );
}

function UsersPage() {
  const intl = useIntl();
  const me = useCurrentUser();
  const { sidePanel } = usePageChrome();
  const { status, text, set } = useListParams();
  const [search, setSearch] = useState(text);
  const [debounced, setDebounced] = useState(() => text.trim());
  const [selected, setSelected] = useState<string | null>(null);
  const list = useUserList(status, debounced);
  useFailureToast(list.isError, intl.formatMessage({ id: 'admin.users.fetchFailed', defaultMessage: 'Users fetch failed!' }), 'admin-users-fetch');
  const actions = useAccountActions();
  usePageTitle(intl.formatMessage({ id: 'admin.users.pageTitle', defaultMessage: 'Users and access' }));

  useEffect(() => {
    if (debounced !== text) set('q', debounced);
    // Only the settled search goes into the address.
  }, [debounced]);
  useEffect(() => {
    if (!sidePanel) setSelected(null);
  }, [sidePanel]);

  const users = useMemo(() => list.data ?? [], [list.data]);
  const pending = users.filter((u) => u.status === 'pendingApproval');
  const others = status === '' ? users.filter((u) => u.status !== 'pendingApproval') : users;
  const grouped = status === '' && pending.length > 0;

  const open = (u: AdminUser) => {
    const show = () => {
      setSelected(u.id);
      chrome.openSidePanel({
        title: (
          <ModuleMessages load={loadMessages}>
            <FormattedMessage id="admin.editor.title" defaultMessage="Edit account" />
          </ModuleMessages>
        ),
        content: (
          <ModuleMessages load={loadMessages}>
            <UserEditor key={u.id} userId={u.id} initial={u} />
          </ModuleMessages>
        ),
      });
    };
    if (sidePanel && selected && selected !== u.id) {
      void confirm({
        checkChanges: true,
        hasChanges: () => editorState.dirty,
        title: intl.formatMessage({ id: 'admin.confirm.discardTitle', defaultMessage: 'Discard your changes?' }),
        message: intl.formatMessage({ id: 'admin.confirm.discardBody', defaultMessage: 'The account you are editing has unsaved changes.' }),
        yesText: intl.formatMessage({ id: 'admin.action.discard', defaultMessage: 'Discard changes' }),
        noText: intl.formatMessage({ id: 'admin.action.keepEditing', defaultMessage: 'Keep editing' }),
        tone: 'warning',
        onYes: show,
      });
      return;
    }
    show();
  };

  const rowProps = (u: AdminUser) => ({ u, selected: selected === u.id && !!sidePanel, self: me?.id === u.id, onOpen: open, actions });
  const searching = list.isFetching && !list.isPending;

  return (
    <div className={`adm-page${sidePanel ? ' adm-page--panel' : ''}`} data-testid="admin-users">
      <AdminHeader />
      <div className="adm-body">
        {pending.length > 0 && status === '' && (
          <div className="adm-notice" data-testid="pending-notice">
            <Icon name="clock" size={18} />
            <span>
              <FormattedMessage
                id="admin.users.pendingNotice"
                defaultMessage="{n, plural, one {One access request waits} other {# access requests wait}} for your decision."
                values={{ n: pending.length }}
              />
            </span>
          </div>
        )}
        <section className="adm-card">
          <div className="adm-toolbar">
            <SearchInput
              className="adm-search"
              value={search}
              onChange={setSearch}
              debounceMs={250}
              onDebouncedChange={(t) => setDebounced(t.trim())}
              busy={searching}
              placeholder={intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search by name, e-mail or user code' })}
              data-testid="user-search"
            />
            <select
              className="adm-select adm-select--filter"
              value={status}
              onChange={(e) => set('status', e.target.value)}
              aria-label={intl.formatMessage({ id: 'admin.users.statusFilter', defaultMessage: 'Filter by status' })}
              data-testid="status-filter"
            >
              <option value="">{intl.formatMessage({ id: 'admin.users.allStatuses', defaultMessage: 'All statuses' })}</option>
              {STATUSES.map((s) => (
                <option key={s} value={s}>
                  {label(intl, statusLabels, s)}
                </option>
              ))}
            </select>
            <span className="adm-toolbar__count" data-testid="user-count">
              {list.data && (
                <FormattedMessage
                  id="admin.users.count"
                  defaultMessage="{n, plural, one {One account} other {# accounts}}"
                  values={{ n: users.length }}
                />
              )}
            </span>
            <RefreshButton onClick={() => void list.refetch()} testId="users-refresh" />
          </div>

          {list.isError && !list.data ? (
            <LoadFailed title={<FormattedMessage id="admin.users.loadError" defaultMessage="The accounts could not be loaded." />} onRetry={() => void list.refetch()} />
          ) : list.data && users.length === 0 ? (
            <EmptyState
              icon="search"
              title={
                debounced ? (
                  <FormattedMessage id="admin.users.noMatch" defaultMessage="No account matches “{text}”." values={{ text: debounced }} />
                ) : (
                  <FormattedMessage id="admin.users.none" defaultMessage="No accounts with this status." />
                )
              }
            />
          ) : (
            <div className="adm-table-wrap adm-table-wrap--page">
              <table className="adm-table" data-testid="user-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <FormattedMessage id="admin.users.col.name" defaultMessage="Person" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="admin.users.col.email" defaultMessage="E-mail address" />
                    </th>
                    <th scope="col" className="adm-col-code">
                      <FormattedMessage id="admin.users.col.code" defaultMessage="User code" />
                    </th>
                    <th scope="col">
                      <FormattedMessage id="admin.users.col.status" defaultMessage="Account status" />
                    </th>
                    <th scope="col" className="adm-cell-num adm-col-perms">
                      <FormattedMessage id="admin.users.col.permissions" defaultMessage="Permissions" />
                    </th>
                    <th scope="col" className="adm-cell-actions">
                      <span className="adm-sr">
                        <FormattedMessage id="admin.users.col.actions" defaultMessage="Actions" />
                      </span>
                    </th>
                  </tr>
                </thead>
                {list.isPending ? (
                  <tbody>
                    <SkeletonRows />
                  </tbody>
                ) : (
                  <>
                    {grouped && (
                      <tbody data-testid="pending-group">
                        <GroupRow
                          tone="warning"
                          title={<FormattedMessage id="admin.users.group.pending" defaultMessage="Access requests awaiting approval" />}
                          count={pending.length}
                        />
                        {pending.map((u) => (
                          <UserRow key={u.id} {...rowProps(u)} />
                        ))}
                      </tbody>
                    )}
                    {others.length > 0 && (
                      <tbody data-testid="accounts-group">
                        {grouped && <GroupRow title={<FormattedMessage id="admin.users.group.accounts" defaultMessage="Accounts" />} count={others.length} />}
                        {others.map((u) => (
                          <UserRow key={u.id} {...rowProps(u)} />
                        ))}
                      </tbody>
                    )}
                  </>
                )}
              </table>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

export default withModuleMessages(UsersPage, loadMessages);
