import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Icon } from '@its/kit';
import { MOBILE_BREAKPOINT, isTablet } from './browser';

function tooNarrowTablet(): boolean {
  if (typeof window === 'undefined') return false;
  const coarse = window.matchMedia?.('(pointer: coarse)').matches ?? false;
  return window.innerWidth < MOBILE_BREAKPOINT && isTablet(navigator, coarse);
}

/** On tablets narrower than 1024 px: ask for landscape (spec product §2.6). */
export function OrientationAlert() {
  const [show, setShow] = useState(tooNarrowTablet);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const onResize = () => setShow(tooNarrowTablet());
    window.addEventListener('resize', onResize);
    window.addEventListener('orientationchange', onResize);
    return () => {
      window.removeEventListener('resize', onResize);
      window.removeEventListener('orientationchange', onResize);
    };
  }, []);
  if (!show || dismissed) return null;
  return (
    <div className="shell-orientation" role="alert" data-testid="orientation-alert">
      <Icon name="rotate" size={22} />
      <span>
        <FormattedMessage
          id="orientation.body"
          defaultMessage="ITS works best at 1024 pixels or wider. Please turn your tablet to landscape."
        />
      </span>
      <button type="button" className="its-btn its-btn--ghost shell-orientation__ok" onClick={() => setDismissed(true)}>
        <FormattedMessage id="orientation.dismiss" defaultMessage="OK" />
      </button>
    </div>
  );
}
