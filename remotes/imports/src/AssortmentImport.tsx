/** assortment-manager--assortment--import: 'add styles by Excel' into an assortment. */
import { useParams } from 'react-router';
import { useIntl } from 'react-intl';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { ImportWizard } from './ImportWizard';
import { loadMessages } from './messages';

function AssortmentImport() {
  const { assortment_id: id = '' } = useParams();
  const intl = useIntl();
  return (
    <ImportWizard
      key={id}
      target={{ kind: 'assortment', id }}
      backTo={`/product/assortments/assortment/${encodeURIComponent(id)}/manage`}
      title={intl.formatMessage({ id: 'imports.title.assortment', defaultMessage: 'Add Styles by Excel' })}
    />
  );
}

export default withModuleMessages(withModuleMessages(AssortmentImport, loadMessages), loadGridMessages);
