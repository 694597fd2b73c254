export type UnsupportedReason = 'ie' | 'edge' | 'safari';
export declare function unsupportedBrowser(ua: string): UnsupportedReason | null;
