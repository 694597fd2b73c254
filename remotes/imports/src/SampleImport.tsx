/** product-libraries--samples--import: samples imported from Excel into a sample library. */
import { useParams } from 'react-router';
import { useIntl } from 'react-intl';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { ImportWizard } from './ImportWizard';
import { loadMessages } from './messages';

function SampleImport() {
  const { library = 'Production' } = useParams();
  const intl = useIntl();
  return (
    <ImportWizard
      key={library}
      target={{ kind: 'sampleInventory', library }}
      backTo={`/product/libraries/samples/${library.toLowerCase()}`}
      title={intl.formatMessage({ id: 'imports.title.samples', defaultMessage: 'Import Samples from Excel ({library})' }, { library })}
    />
  );
}

export default withModuleMessages(withModuleMessages(SampleImport, loadMessages), loadGridMessages);
