/** The cells a paste, an Edit Cells or a save refused: row, column, value and why (the first REJECTED_SHOWN). */
import { useIntl } from 'react-intl';
import type { GridController, GridUi } from './controller';
import { GridIcon } from './icons';
import { m } from './messages';

export function RejectedPanel({ ctrl, ui }: { ctrl: GridController; ui: GridUi }) {
  const intl = useIntl();
  if (ui.rejected.length === 0) return null;
  return (
      <section className="its-grid-rejected" data-testid="grid-rejected" aria-live="polite">
      <header className="its-grid-rejected__head">
        <GridIcon name="warning" size={18} />
        <h3>{intl.formatMessage(m.rejectedTitle, { n: ui.rejectedTotal })}</h3>
        <button type="button" className="its-icon-btn" onClick={() => ctrl.dismissRejected()} aria-label={intl.formatMessage(m.close)} data-testid="grid-rejected-close">
          <GridIcon name="close" size={16} />
        </button>
      </header>
      <div className="its-grid-rejected__scroll">
        <table>
          <thead>
            <tr>
              <th>{intl.formatMessage(m.rejectedRow)}</th>
              <th>{intl.formatMessage(m.rejectedColumn)}</th>
              <th>{intl.formatMessage(m.rejectedValue)}</th>
              <th>{intl.formatMessage(m.rejectedReason)}</th>
            </tr>
          </thead>
          <tbody>
            {ui.rejected.map((r, i) => (
              <tr key={i} data-testid="grid-rejected-row">
                <td>{r.row}</td>
                <td>{r.column}</td>
                <td className="its-grid-rejected__value">{r.value}</td>
                <td>{r.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {ui.rejectedTotal > ui.rejected.length && <p className="its-grid-rejected__more">{intl.formatMessage(m.rejectedMore, { n: ui.rejectedTotal - ui.rejected.length })}</p>}
      </div>
    </section>
  );
}
