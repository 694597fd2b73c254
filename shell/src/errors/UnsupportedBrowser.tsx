import { FormattedMessage } from 'react-intl';
import { BrandMark } from '../layout/Brand';

export const UPGRADE_URL = 'https://browsehappy.com/';

export function UnsupportedBrowser() {
  return (
    <div className="shell-public">
      <div className="shell-public__card shell-card-narrow" data-testid="unsupported-browser">
        <BrandMark size={44} />
        <h1 className="shell-public__title">
          <FormattedMessage id="browser.unsupported.title" defaultMessage="You're using an unsupported browser." />
        </h1>
        <p className="shell-public__text">
          <FormattedMessage
            id="browser.unsupported.body"
            defaultMessage="ITS needs a current version of Chrome, Edge, Firefox or Safari. Please upgrade your browser to continue."
          />
        </p>
        <a className="its-btn its-btn--primary" href={UPGRADE_URL} target="_blank" rel="noreferrer">
          <FormattedMessage id="browser.unsupported.upgrade" defaultMessage="Upgrade your browser" />
        </a>
      </div>
    </div>
  );
}
