/** product-libraries--samples--production: the Production sample library. */
import { withModuleMessages } from '@its/kit';
import { loadMessages } from './messages';
import { SampleLibrary } from './SampleLibrary';

function Production() {
  return <SampleLibrary library="Production" />;
}

export default withModuleMessages(Production, loadMessages);
