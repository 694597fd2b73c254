/** A catalog product as the playgrounds show it in a grid: picture, name, style, colour and categories. */
import type { SampleProduct } from './api';

export function ProductCard({ product: p }: { product: SampleProduct }) {
  return (
    <li className="lib-card proto-card" data-testid="prototype-product" data-product={p.id}>
      <img className="proto-card__img" src={p.thumbnail} alt="" loading="lazy" />
      <div className="lib-card__body">
        <strong className="lib-card__title lib-card__clamp">{p.name}</strong>
        <span className="lib-card__meta">
          {p.style} · {p.color} — {p.colorDescription}
        </span>
        <span className="lib-card__meta">
          {p.division} · {p.gender}
        </span>
      </div>
    </li>
  );
}
