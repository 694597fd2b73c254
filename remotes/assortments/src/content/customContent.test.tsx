import { describe, expect, it, vi, afterEach } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithShell } from '../../../../shell/kit/src/test/render';
import { CUSTOM_CONTENT_DEBOUNCE_MS, MAX_HTML_BYTES, MAX_IMAGE_BYTES, fileProblem, htmlBytes, sanitizeHtml } from './customContent';
import { GroupContent } from './GroupContent';
import { CustomContentEditor } from '../sort/CustomContentEditor';
import type { DisplayGroup } from '../sort/model';

const file = (name: string, size: number) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('sanitizeHtml', () => {
  it('drops scripts, handlers, styles and javascript: urls and keeps the text', () => {
    const out = sanitizeHtml(
      '<h2>Spring <b>story</b></h2><script>alert(1)</script><img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<a href="https://example.com">ok</a><p style="color:red" onclick="x()">Text</p><iframe src="https://evil"></iframe><svg onload="alert(4)"></svg>',
    );
    for (const bad of ['<script', 'onerror', 'javascript:', 'onclick', 'style=', '<iframe', '<svg']) expect(out.toLowerCase()).not.toContain(bad);
    expect(out).toContain('<b>story</b>');
    expect(out).toContain('href="https://example.com"');
    expect(out).toContain('<p>Text</p>');
  });

  it('marks an image without a text alternative decorative and keeps an author\'s alt', () => {
    expect(sanitizeHtml('<p>Look</p><img src="https://example.com/a.png">')).toBe('<p>Look</p><img src="https://example.com/a.png" alt="">');
    expect(sanitizeHtml('<img src="https://example.com/a.png" alt="Spring runner">')).toContain('alt="Spring runner"');
  });

  it('keeps only http, https and mailto links', () => {
    expect(sanitizeHtml('<a href="data:text/html,hi">d</a>')).not.toContain('data:');
    expect(sanitizeHtml('<a href="mailto:a@example.com">m</a>')).toContain('mailto:a@example.com');
    expect(sanitizeHtml('<a href="/relative">r</a>')).toContain('href="/relative"');
  });
});

describe('fileProblem', () => {
  it('checks the type of each slot and the size limits before anything is sent', () => {
    expect(fileProblem(file('a.png', 10), 'preview')).toBeNull();
    expect(fileProblem(file('a.pdf', 10), 'preview')).toBe('type');
    expect(fileProblem(file('a.pdf', 10), 'source')).toBeNull();
    expect(fileProblem(file('a.exe', 10), 'source')).toBe('type');
    expect(fileProblem(file('a.png', MAX_IMAGE_BYTES + 1), 'preview')).toBe('size');
    expect(fileProblem(file('a.pdf', MAX_IMAGE_BYTES + 1), 'source')).toBeNull();
  });
  it('counts html in UTF-8 bytes as the server does', () => {
    expect(htmlBytes('é')).toBe(2);
  });
});

const group: DisplayGroup = { id: 'g1', index: 0, key: 'Work', title: 'Work', openState: true, alwaysOpen: false, locked: false, uncategorized: false, styles: [] };

describe('GroupContent', () => {
  it('renders the sanitised html, the image and the source link, and nothing without content', () => {
    const { container } = renderWithShell(
      <GroupContent title="Work" content={{ html: '<p>Hi</p><script>alert(1)</script>', previewJpg: 'k.jpg', sourceFile: 'a/b/story.pdf', previewUrl: '/p.jpg', sourceUrl: '/s.pdf' }} />,
    );
    expect(screen.getByTestId('group-content-html').innerHTML).toBe('<p>Hi</p>');
    expect(screen.getByTestId('group-content-image').getAttribute('src')).toBe('/p.jpg');
    expect(screen.getByTestId('group-content-source').textContent).toBe('Download story.pdf');
    expect(container.querySelector('script')).toBeNull();
    const empty = renderWithShell(<GroupContent title="Work" content={{ html: '', previewJpg: '', sourceFile: '' }} />);
    expect(empty.container.querySelector('[data-testid="group-content"]')).toBeNull();
  });
});

describe('CustomContentEditor', () => {
  afterEach(() => vi.useRealTimers());
  it('previews at once and saves once, CUSTOM_CONTENT_DEBOUNCE_MS after the last keystroke', async () => {
    vi.useFakeTimers();
    const onSave = vi.fn(() => Promise.resolve());
    renderWithShell(<CustomContentEditor assortmentId="a1" group={group} onSave={onSave} onClose={() => {}} />);
    const area = screen.getByTestId('content-html');
    fireEvent.change(area, { target: { value: '<p>One' } });
    fireEvent.change(area, { target: { value: '<p>One <b>two</b></p><img src=x onerror=alert(1)>' } });
    expect(screen.getByTestId('content-preview-html').innerHTML).toBe('<p>One <b>two</b></p><img src="x" alt="">');
    act(() => vi.advanceTimersByTime(CUSTOM_CONTENT_DEBOUNCE_MS - 1));
    expect(onSave).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave).toHaveBeenCalledWith({ html: '<p>One <b>two</b></p><img src=x onerror=alert(1)>', previewJpg: '', sourceFile: '' });
  });

  it('does not save html over the limit and says why', () => {
    vi.useFakeTimers();
    const onSave = vi.fn(() => Promise.resolve());
    renderWithShell(<CustomContentEditor assortmentId="a1" group={group} onSave={onSave} onClose={() => {}} />);
    fireEvent.change(screen.getByTestId('content-html'), { target: { value: 'a'.repeat(MAX_HTML_BYTES + 1) } });
    act(() => vi.advanceTimersByTime(CUSTOM_CONTENT_DEBOUNCE_MS * 2));
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByTestId('content-too-long').textContent).toContain('limit');
  });
});
