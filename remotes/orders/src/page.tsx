/** Wraps an exposed route with the orders catalogs over the grid kit's. */
import type { ComponentType } from 'react';
import { withModuleMessages } from '@its/kit';
import { loadGridMessages } from '@its/grid';
import { loadMessages } from './messages';
import './orders.css';

export function page<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  return withModuleMessages(withModuleMessages(Component, loadMessages), loadGridMessages);
}
