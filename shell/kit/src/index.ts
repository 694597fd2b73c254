/** @its/kit: what the shell shares with every remote at run time (one singleton instance). */
export * from './api';
export * from './types';
export * from './store';
export * from './preferences';
export * from './locales';
export * from './Icon';
export * from './Dialog';
export * from './toasts';
export * from './confirm';
export * from './chrome';
export * from './context';
export * from './messages';
export * from './ui';
export * from './SearchInput';
export * from './generated/actions';
export * from './generated/enums';
export * from './SavedSearches';
