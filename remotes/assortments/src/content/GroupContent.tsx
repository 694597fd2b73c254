/**
 * A display group's custom content as the sort page and the showroom's dividers show it: the
 * sanitised html, the preview image and a link to the source file.
 */
import { useMemo, useState } from 'react';
import './content.css';
import { useIntl } from 'react-intl';
import type { CustomContent } from '../sort/model';
import { fileName, hasContent, sanitizeHtml } from './customContent';
import { contentMsg } from './messages';

/** html rendered after DOMPurify (the server's copy is sanitised already; this is the second lock). */
export function SafeHtml({ html, className, testId }: { html: string; className?: string; testId?: string }) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  if (!clean) return null;
  return <div className={className} data-testid={testId} dangerouslySetInnerHTML={{ __html: clean }} />;
}

/** The preview image; hidden while its preview is still being drawn, or if it cannot be. */
export function ContentImage({ url, title }: { url?: string; title: string }) {
  const intl = useIntl();
  const [failed, setFailed] = useState<string | null>(null);
  if (!url || failed === url) return null;
  return <img className="gc-image" src={url} alt={intl.formatMessage(contentMsg.imageAlt, { title })} onError={() => setFailed(url)} data-testid="group-content-image" />;
}

export function GroupContent({ content, title, variant = 'sort' }: { content?: CustomContent; title: string; variant?: 'sort' | 'showroom' }) {
  const intl = useIntl();
  if (!hasContent(content)) return null;
  return (
    <div className={`gc gc--${variant}`} data-testid="group-content">
      <ContentImage url={content.previewUrl} title={title} />
      <div className="gc-body">
        <SafeHtml html={content.html} className="gc-html" testId="group-content-html" />
        {content.sourceUrl && (
          <a className="gc-source" href={content.sourceUrl} target="_blank" rel="noreferrer noopener" download data-testid="group-content-source">
            {intl.formatMessage(contentMsg.download, { name: fileName(content.sourceFile) })}
          </a>
        )}
      </div>
    </div>
  );
}
