/**
 * The category detail viewer (product spec §2.6): a category's films in video mode or its catalog
 * pages in catalog mode, with previous and next category navigation. The mode is the user's
 * display mode of the event's landing theme (default video).
 */
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { EmptyState } from '@its/kit';
import { itemsOf, useThemeState, type EventData } from './api';
import type { DisplayMode, EventInfo } from './catalogue';
import { BASE, ModeName, pageName, tabName } from './names';
import { MediaGrid, Player } from './media';

export function CategoryViewer({ e, data, category }: { e: EventInfo; data: EventData; category: string }) {
  const intl = useIntl();
  const cats = data.categories;
  const at = Math.max(0, cats.indexOf(category));
  const prev = cats[(at + cats.length - 1) % cats.length]!;
  const next = cats[(at + 1) % cats.length]!;
  const state = useThemeState(e.id);
  const [localMode, setLocalMode] = useState<DisplayMode>('video');
  const mode: DisplayMode = data.theme?.state.displayMode ?? localMode;
  const setMode = (m: DisplayMode) => (data.theme ? state.mutate({ displayMode: m }) : setLocalMode(m));
  const items = itemsOf(data, 'categories', category);
  const videos = items.filter((i) => i.kind === 'video');
  const pages = items.filter((i) => i.kind !== 'video');
  const page = e.pages.includes('categories') ? 'categories' : e.pages[0]!;
  return (
    <div className="cf-viewer" data-testid="conference-category-viewer" data-mode={mode}>
      <div className="cf-viewer__head">
        <Link to={`${BASE}/${e.id}/${page}/${prev}`} className="cf-btn cf-btn--ghost" data-testid="conference-prev" aria-label={tabName(intl, prev)}>
          ← {tabName(intl, prev)}
        </Link>
        <h1>
          <small>{pageName(intl, 'categories')}</small>
          {tabName(intl, category)}
        </h1>
        <Link to={`${BASE}/${e.id}/${page}/${next}`} className="cf-btn cf-btn--ghost" data-testid="conference-next" aria-label={tabName(intl, next)}>
          {tabName(intl, next)} →
        </Link>
      </div>
      <div className="cf-mode" role="group" data-testid="conference-viewer-mode">
        {(['video', 'catalog'] as const).map((m) => (
          <button key={m} type="button" className={mode === m ? 'is-on' : ''} aria-pressed={mode === m} onClick={() => setMode(m)} data-testid={`conference-mode-${m}`}>
            <ModeName mode={m} />
          </button>
        ))}
      </div>
      {mode === 'video' ? (
        videos.length > 0 ? (
          <div className="cf-viewer__films">
            {videos.map((v) => (
              <div key={v.id} className="cf-viewer__film">
                <Player item={v} />
                <h2>{v.title}</h2>
                <p>{v.description}</p>
              </div>
            ))}
          </div>
        ) : (
          <EmptyState title={intl.formatMessage({ id: 'conference.noFilms', defaultMessage: 'No films for this category yet.' })} />
        )
      ) : pages.length > 0 ? (
        <MediaGrid items={pages} />
      ) : (
        <EmptyState title={intl.formatMessage({ id: 'conference.noCatalog', defaultMessage: 'No catalog pages for this category yet.' })} />
      )}
    </div>
  );
}
