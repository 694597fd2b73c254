/** product-libraries--internal--divider: a display group's divider page (its custom content and products). */
import { useParams } from 'react-router';
import { LibraryDivider } from '../internal/LibraryPages';
import { page } from '../page';

function InternalLibraryDivider() {
  const { group_slug: slug = '' } = useParams();
  return <LibraryDivider slug={slug} />;
}

export default page(InternalLibraryDivider);
