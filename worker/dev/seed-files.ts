/**
 * Small real files for the demo data (no binaries in the repository): a one-page PDF of text lines
 * and a PNG drawn from rectangles. Plain byte writing, no dependencies; both open in any viewer.
 */

const ascii = new TextEncoder();

/** A one-page US-letter PDF: a title in bold and the lines under it (ASCII text). */
export function textPdf(title: string, lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[^\x20-\x7e]/g, '-').replace(/[\\()]/g, (c) => `\\${c}`);
  const body = [`BT /F2 18 Tf 72 720 Td (${esc(title)}) Tj ET`, ...lines.map((line, i) => `BT /F1 11 Tf 72 ${690 - i * 16} Td (${esc(line)}) Tj ET`)].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R /F2 6 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${ascii.encode(body).length} >>\nstream\n${body}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return ascii.encode(out);
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

const u32 = (n: number) => new Uint8Array([(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]);

function chunk(type: string, data: Uint8Array): Uint8Array {
  const typed = concat([ascii.encode(type), data]);
  return concat([u32(data.length), typed, u32(crc32(typed))]);
}

/** A zlib stream of stored (uncompressed) deflate blocks: valid, and simple enough to write by hand. */
function zlibStored(data: Uint8Array): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([0x78, 0x01])];
  for (let at = 0; at < data.length || at === 0; at += 65_535) {
    const block = data.subarray(at, at + 65_535);
    const last = at + 65_535 >= data.length ? 1 : 0;
    parts.push(new Uint8Array([last, block.length & 255, block.length >>> 8, ~block.length & 255, (~block.length >>> 8) & 255]), block);
    if (last) break;
  }
  let a = 1;
  let b = 0;
  for (const byte of data) {
    a = (a + byte) % 65_521;
    b = (b + a) % 65_521;
  }
  parts.push(u32(((b << 16) | a) >>> 0));
  return concat(parts);
}

export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
  /** 0xRRGGBB */
  color: number;
}

/** An RGB PNG of `width` × `height` with a background and rectangles drawn in order. */
export function rectanglesPng(width: number, height: number, background: number, rects: Rect[]): Uint8Array {
  const stride = 1 + width * 3;
  const raw = new Uint8Array(stride * height);
  const paint = (x: number, y: number, color: number) => {
    const at = y * stride + 1 + x * 3;
    raw[at] = (color >> 16) & 255;
    raw[at + 1] = (color >> 8) & 255;
    raw[at + 2] = color & 255;
  };
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) paint(x, y, background);
  for (const r of rects) {
    for (let y = Math.max(0, r.y); y < Math.min(height, r.y + r.h); y++) for (let x = Math.max(0, r.x); x < Math.min(width, r.x + r.w); x++) paint(x, y, r.color);
  }
  const header = concat([u32(width), u32(height), new Uint8Array([8, 2, 0, 0, 0])]);
  return concat([new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlibStored(raw)), chunk('IEND', new Uint8Array())]);
}
