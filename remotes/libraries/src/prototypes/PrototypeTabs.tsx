/** The sub-navigation shared by the prototype playground pages (product spec §2.1 /prototypes). */
import { defineMessages, useIntl } from 'react-intl';
import { Tabs } from '../ui/page';

export const prototypePages = ['dragdrop', 'previewer', 'category-select', 'product-detail'] as const;
export type PrototypePage = (typeof prototypePages)[number];

/** The playgrounds' names: the tabs and each page's title. */
export const prototypeNames = defineMessages({
  nav: { id: 'libraries.prototypes.nav', defaultMessage: 'Prototypes' },
  dragdrop: { id: 'libraries.prototypes.tab.dragdrop', defaultMessage: 'Drag and drop' },
  previewer: { id: 'libraries.prototypes.tab.previewer', defaultMessage: 'Previewer' },
  'category-select': { id: 'libraries.prototypes.tab.categorySelect', defaultMessage: 'Category select' },
  'product-detail': { id: 'libraries.prototypes.tab.productDetail', defaultMessage: 'Product detail' },
});

export function PrototypeTabs() {
  const intl = useIntl();
  return (
    <Tabs
      label={intl.formatMessage(prototypeNames.nav)}
      tabs={prototypePages.map((page) => ({ to: `/prototypes/${page}`, label: intl.formatMessage(prototypeNames[page]), testId: `prototype-tab-${page}` }))}
    />
  );
}
