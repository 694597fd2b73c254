/*
 * Browser gate, in ES5 on purpose: the HTML page runs it inline before the bundle, in browsers
 * the bundle cannot run in. Minimums (spec platform §9): Edge 16, Safari 11; Internet Explorer
 * is blocked. Only legacy Edge (EdgeHTML) says "Edge/"; Chromium Edge says "Edg/".
 */
export function unsupportedBrowser(ua) {
  if (/MSIE |Trident\//.test(ua)) return 'ie';
  var edge = /Edge\/(\d+)/.exec(ua);
  if (edge) return Number(edge[1]) < 16 ? 'edge' : null;
  var isSafari = /Safari\//.test(ua) && !/(Chrome|Chromium|CriOS|FxiOS|Edg|OPR|Android)\//.test(ua);
  if (isSafari) {
    var v = /Version\/(\d+)/.exec(ua);
    if (v && Number(v[1]) < 11) return 'safari';
  }
  return null;
}
