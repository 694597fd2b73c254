/** The asset previewer page (?id=<asset>): the detail of one asset on a page of its own. */
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import { EmptyState, Icon, Spinner, usePageTitle } from '@its/kit';
import { signedAssets } from '../api/assets';
import { libraryTitles } from '../libraries';
import { listPathOf, useLibraryRoute, useLibraryRoutes } from '../route';
import { AssetDetailView } from './AssetDetail';
import { useCollection } from './collection';

export function Previewer() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const id = params.get('id') ?? params.get('asset') ?? '';
  const route = useLibraryRoute();
  const lt = route.manageType;
  const routes = useLibraryRoutes();
  const listPath = listPathOf(routes, lt) ?? '/';
  const col = useCollection(route.collectionType ?? 'advertisingAsset');
  const q = useQuery({
    queryKey: ['libraries', 'asset', lt, id],
    queryFn: async () => (await signedAssets(lt, [id]))[0] ?? null,
    enabled: /^[0-9a-f-]{36}$/i.test(id),
  });
  usePageTitle(q.data?.name || intl.formatMessage({ id: 'libraries.previewer.title', defaultMessage: 'Asset previewer' }));

  return (
    <div className="lib-page" data-testid="library-previewer">
      <Link to={listPath} className="lib-back">
        <Icon name="chevronRight" size={16} className="lib-flip" />
        <FormattedMessage id="libraries.previewer.back" defaultMessage="Back to {library}" values={{ library: intl.formatMessage(libraryTitles[lt]) }} />
      </Link>
      <div className="its-card lib-previewer">
        {q.isLoading ? (
          <div className="lib-panel-loading">
            <Spinner />
          </div>
        ) : q.data ? (
          <AssetDetailView
            asset={q.data}
            actions={{ inCollection: col.has, toggleCollection: (a) => col.toggle(a._id), open: () => {} }}
          />
        ) : (
          <EmptyState icon="search" title={<FormattedMessage id="libraries.previewer.missing" defaultMessage="This asset is not available." />}>
            <FormattedMessage id="libraries.previewer.missingHint" defaultMessage="It may have been unpublished, or the link is incomplete." />
          </EmptyState>
        )}
      </div>
    </div>
  );
}
