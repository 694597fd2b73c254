import { FormattedMessage } from 'react-intl';
import { Icon } from '@its/kit';

/** The help panel for users with assortments access. */
export function HelpContent() {
  return (
    <div className="shell-help" data-testid="help-panel">
      <p className="shell-help__lead">
        <FormattedMessage
          id="help.lead"
          defaultMessage="Quick answers for working with assortments, libraries and orders in ITS."
        />
      </p>
      <section className="shell-help__item">
        <Icon name="layers" size={20} />
        <div>
          <h3>
            <FormattedMessage id="help.assortments.title" defaultMessage="Building an assortment" />
          </h3>
          <p>
            <FormattedMessage
              id="help.assortments.body"
              defaultMessage="Create an assortment, add styles by search, by style number or from Excel, then sort and group them for your line sheet."
            />
          </p>
        </div>
      </section>
      <section className="shell-help__item">
        <Icon name="document" size={20} />
        <div>
          <h3>
            <FormattedMessage id="help.export.title" defaultMessage="Exports and documents" />
          </h3>
          <p>
            <FormattedMessage
              id="help.export.body"
              defaultMessage="Excel, PDF and zip exports run in the background; follow them in the downloads area and share or schedule documents from there."
            />
          </p>
        </div>
      </section>
      <section className="shell-help__item">
        <Icon name="mail" size={20} />
        <div>
          <h3>
            <FormattedMessage id="help.contact.title" defaultMessage="Still stuck?" />
          </h3>
          <p>
            <FormattedMessage
              id="help.contact.body"
              defaultMessage="Contact your ITS administrator. Company employees reset their password through the IT department."
            />
          </p>
        </div>
      </section>
    </div>
  );
}
