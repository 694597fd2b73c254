/** The prototype playgrounds (product spec §2.1 /prototypes): their frame, tabs and the page the route names. */
import type { ComponentType } from 'react';
import { useIntl } from 'react-intl';
import { usePageTitle, useRouteMeta } from '@its/kit';
import { PageHeader } from '../ui/page';
import { CategorySelectPlayground } from './CategorySelect';
import { DocumentPreviewerPlayground } from './DocumentPreviewer';
import { DragDropPlayground } from './DragDrop';
import { ProductDetailPlayground } from './ProductDetail';
import { PrototypeTabs, prototypeNames, prototypePages, type PrototypePage } from './PrototypeTabs';
import { t } from './texts';

const playgrounds: Record<PrototypePage, ComponentType> = {
  dragdrop: DragDropPlayground,
  previewer: DocumentPreviewerPlayground,
  'category-select': CategorySelectPlayground,
  'product-detail': ProductDetailPlayground,
};

const isPage = (v: unknown): v is PrototypePage => typeof v === 'string' && (prototypePages as readonly string[]).includes(v);

export function PrototypesPage() {
  const intl = useIntl();
  const meta = useRouteMeta()?.meta.page;
  const page: PrototypePage = isPage(meta) ? meta : 'dragdrop';
  const title = intl.formatMessage(prototypeNames[page]);
  usePageTitle(title);
  const Playground = playgrounds[page];
  return (
    <div className="lib-page" data-testid={`prototype-${page}`}>
      <PageHeader eyebrow={intl.formatMessage(prototypeNames.nav)} title={title} lead={intl.formatMessage(t[`lead_${page}`])}>
        <PrototypeTabs />
      </PageHeader>
      <Playground />
    </div>
  );
}
