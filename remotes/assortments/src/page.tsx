/** Wraps an exposed route with the assortment manager's catalogs over the grid kit's (which hold
 * the product pieces' texts). */
import type { ComponentType } from 'react';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { loadMessages } from './messages';
import './assortments.css';

export function page<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return withModuleMessages(withModuleMessages(Component, loadMessages), loadGridMessages);
}
