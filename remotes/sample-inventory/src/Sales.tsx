/** product-libraries--samples--sales: the Sales sample library. */
import { withModuleMessages } from '@its/kit';
import { loadMessages } from './messages';
import { SampleLibrary } from './SampleLibrary';

function Sales() {
  return <SampleLibrary library="Sales" />;
}

export default withModuleMessages(Sales, loadMessages);
