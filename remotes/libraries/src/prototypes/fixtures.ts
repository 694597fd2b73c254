/** Catalog products the playgrounds' tests answer with. */
import type { SampleProduct } from './api';

export const product = (style: string, color: string, name: string): SampleProduct => ({
  id: `${style}_${color}`,
  style,
  color,
  name,
  colorDescription: 'Black',
  thumbnail: `/api/products/images/${style}_${color}/thumbnail.png`,
  division: 'Footwear',
  gender: 'Womens',
});
