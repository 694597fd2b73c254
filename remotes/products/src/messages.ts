/** The product library's catalogs, one chunk per language: its own texts and the field names of
 * its published api (api/messages.ts), which other remotes load with the same loader. */
export { loadProductMessages as loadMessages } from './api/messages';
