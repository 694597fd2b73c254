import { describe, expect, it } from 'vitest';
import { unsupportedBrowser } from './browser';

const UA = {
  ie11: 'Mozilla/5.0 (Windows NT 10.0; WOW64; Trident/7.0; rv:11.0) like Gecko',
  ie10: 'Mozilla/5.0 (compatible; MSIE 10.0; Windows NT 6.2; Trident/6.0)',
  edge15: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
  edge16: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/58.0.3029.110 Safari/537.36 Edge/16.16299',
  edgeChromium: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0',
  safari10: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_12_6) AppleWebKit/603.3.8 (KHTML, like Gecko) Version/10.1.2 Safari/603.3.8',
  safari11: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_13) AppleWebKit/604.1.38 (KHTML, like Gecko) Version/11.0 Safari/604.1.38',
  chrome: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  firefox: 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
};

describe('browser minimums', () => {
  it('block Internet Explorer, Edge below 16 and Safari below 11', () => {
    expect(unsupportedBrowser(UA.ie11)).toBe('ie');
    expect(unsupportedBrowser(UA.ie10)).toBe('ie');
    expect(unsupportedBrowser(UA.edge15)).toBe('edge');
    expect(unsupportedBrowser(UA.safari10)).toBe('safari');
  });
  it('let current browsers in', () => {
    for (const ua of [UA.edge16, UA.edgeChromium, UA.safari11, UA.chrome, UA.firefox]) expect(unsupportedBrowser(ua)).toBeNull();
  });
});
