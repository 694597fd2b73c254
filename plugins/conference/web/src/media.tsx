/** Event content as the pages show it: a video player with its poster, and a grid of visuals and PDFs. */
import { FormattedMessage } from 'react-intl';
import type { Item } from './api';

export function Player({ item, autoPlay = false, onEnded }: { item: Item; autoPlay?: boolean; onEnded?: () => void }) {
  if (item.kind !== 'video' || !item.url) {
    return <img className="cf-player cf-player--still" src={item.posterUrl ?? item.url} alt={item.title} />;
  }
  return (
    <video
      className="cf-player"
      src={item.url}
      poster={item.posterUrl}
      controls
      playsInline
      muted={autoPlay}
      autoPlay={autoPlay}
      onEnded={onEnded}
      aria-label={item.title}
      data-testid="conference-video"
    />
  );
}

export function MediaGrid({ items }: { items: Item[] }) {
  return (
    <div className="cf-media">
      {items.map((i) => (
        <figure key={i.id} className={`cf-media__item cf-media__item--${i.kind}`} data-testid="conference-item">
          {i.kind === 'video' ? (
            <Player item={i} />
          ) : (
            <a href={i.url} target="_blank" rel="noreferrer">
              <img src={i.posterUrl ?? i.url} alt={i.title} loading="lazy" />
              {i.kind === 'pdf' && <span className="cf-media__pdf">PDF</span>}
            </a>
          )}
          <figcaption>
            <strong>{i.title}</strong>
            {i.description && <span>{i.description}</span>}
            {i.kind === 'pdf' && (
              <a href={i.url} target="_blank" rel="noreferrer" className="cf-link">
                <FormattedMessage id="conference.openPdf" defaultMessage="Open the PDF" />
              </a>
            )}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}
