/** Wraps an exposed route: the remote's catalogs, its styles and the global transfer panels. */
import { useEffect, type ComponentType } from 'react';
import { withModuleMessages } from '@its/kit';
import { loadMessages } from '../messages';
import { mountTransferPanel } from '../transfer/mount';
import '../libraries.css';

export function libraryPage<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  function LibraryPage(props: P) {
    useEffect(() => mountTransferPanel(), []);
    return <Component {...props} />;
  }
  LibraryPage.displayName = `LibraryPage(${Component.displayName ?? Component.name})`;
  return withModuleMessages(LibraryPage, loadMessages);
}
