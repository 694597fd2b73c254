// Builds modules/orders/uszip/zips.tsv.gz, the US ZIP code data set the orders module embeds,
// from the `zipcodes` npm package (BSD licence; its US data comes from the Free Zipcode
// Database). One line per five-digit ZIP code, sorted: ZIP, city, state, tab-separated.
// Run `make uszip` after upgrading the package and commit the file it writes.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const { codes } = require('zipcodes/lib/codes.js');
const { version } = require('zipcodes/package.json');

const clean = (s) => String(s).replace(/[\t\r\n]+/g, ' ').trim();
const lines = Object.values(codes)
  .filter((c) => c.country === 'US' && /^\d{5}$/.test(c.zip) && clean(c.city) !== '' && /^[A-Z]{2}$/.test(c.state))
  .map((c) => `${c.zip}\t${clean(c.city)}\t${c.state}`)
  .sort();
const text = `# zipcodes ${version}\n${lines.join('\n')}\n`;
const out = new URL('../modules/orders/uszip/zips.tsv.gz', import.meta.url);
writeFileSync(out, gzipSync(Buffer.from(text, 'utf8'), { level: 9 }));
console.log(`${lines.length} ZIP codes from zipcodes ${version}`);
