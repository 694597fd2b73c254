/** product-libraries--internal--detail: the product detail viewer of an internal assortment's style/colour. */
import { useParams } from 'react-router';
import { LibraryDetail } from '../internal/LibraryPages';
import { page } from '../page';

function InternalLibraryDetail() {
  const { style_color_id: id = '' } = useParams();
  return <LibraryDetail id={id} />;
}

export default page(InternalLibraryDetail);
