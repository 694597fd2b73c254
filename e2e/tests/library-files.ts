/**
 * Real files for the library upload tests: PNG images (stored, uncompressed deflate, so that a
 * picture of a given size really has that many bytes), PDFs padded with an unreferenced stream,
 * and an executable renamed to look like a PDF.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A width × height RGB PNG: diagonal bands of `a` and `b` with a soft gradient. */
export function pngBytes(width: number, height: number, a: [number, number, number], b: [number, number, number]): Buffer {
  const row = width * 3 + 1;
  const raw = Buffer.alloc(row * height);
  for (let y = 0; y < height; y++) {
    const o = y * row;
    raw[o] = 0;
    for (let x = 0; x < width; x++) {
      const band = Math.floor((x + y) / Math.max(8, Math.floor(width / 12))) % 2 === 0;
      const [r, g, bl] = band ? a : b;
      const shade = 0.75 + 0.25 * (y / height);
      const p = o + 1 + x * 3;
      raw[p] = Math.round(r * shade);
      raw[p + 1] = Math.round(g * shade);
      raw[p + 2] = Math.round(bl * shade);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n', 'binary'),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 0 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A one-page PDF naming its title, padded to about `size` bytes with an unreferenced stream. */
export function pdfBytes(title: string, size: number): Buffer {
  const content = `BT /F1 28 Tf 60 700 Td (${title.replace(/[()\\]/g, '')}) Tj ET`;
  const head = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  const pad = Math.max(0, size - 1200);
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'binary')];
  const offsets: number[] = [];
  let len = parts[0]!.length;
  const push = (b: Buffer) => {
    parts.push(b);
    len += b.length;
  };
  head.forEach((o, i) => {
    offsets.push(len);
    push(Buffer.from(`${i + 1} 0 obj\n${o}\nendobj\n`, 'latin1'));
  });
  offsets.push(len);
  push(Buffer.from(`6 0 obj\n<< /Length ${pad} >>\nstream\n`, 'latin1'));
  push(Buffer.alloc(pad, 0x20));
  push(Buffer.from('\nendstream\nendobj\n', 'latin1'));
  const xref = len;
  let table = `xref\n0 ${offsets.length + 1}\n0000000000 65535 f \n`;
  for (const off of offsets) table += `${String(off).padStart(10, '0')} 00000 n \n`;
  push(Buffer.from(`${table}trailer\n<< /Size ${offsets.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

/** The start of a Windows executable (MZ header, PE signature) and some code-like bytes. */
export function exeBytes(size = 200_000): Buffer {
  const b = Buffer.alloc(size);
  b.write('MZ', 0, 'latin1');
  b.writeUInt32LE(0x80, 0x3c);
  b.write('This program cannot be run in DOS mode.', 0x4e, 'latin1');
  b.write('PE\0\0', 0x80, 'latin1');
  for (let i = 0x200; i < size; i++) b[i] = (i * 31 + 7) & 0xff;
  return b;
}

export function writeFile(dir: string, name: string, bytes: Buffer): string {
  const p = join(dir, name);
  writeFileSync(p, bytes);
  return p;
}
