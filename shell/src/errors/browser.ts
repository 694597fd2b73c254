export { unsupportedBrowser, type UnsupportedReason } from './gate.js';

/** Mobile and tablet breakpoint (spec platform §9). */
export const MOBILE_BREAKPOINT = 1024;

export function isTablet(nav: Pick<Navigator, 'maxTouchPoints' | 'userAgent'>, coarse: boolean): boolean {
  return coarse || nav.maxTouchPoints > 1 || /iPad|Tablet|Android/.test(nav.userAgent);
}
