/** Wraps an exposed route with the assortment manager's catalogs over the products' ones. */
import type { ComponentType } from 'react';
import { withModuleMessages } from '@its/kit';
import { loadProductMessages } from '@its/remote-products/lib';
import { loadMessages } from './messages';
import './assortments.css';

export function page<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return withModuleMessages(withModuleMessages(Component, loadMessages), loadProductMessages);
}
