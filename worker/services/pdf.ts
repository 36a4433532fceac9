/**
 * A plain-text PDF (Helvetica, US Letter, as many pages as the lines need), for documents the app
 * writes itself (a meeting's published minutes). Runs on Node and Workers alike: no Buffer. Text
 * outside Latin-1 is written with the nearest ASCII (dashes and quotes) or "?".
 */
const PAGE_LINES = 48;
const WRAP = 88;

const latin1 = (s: string) =>
  s
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(/\u00b7/g, '-')
    .replace(/[^\u0020-\u00ff]/g, '?');

/** Lines broken at spaces to fit the page width. */
function wrap(line: string): string[] {
  const out: string[] = [];
  let rest = line;
  while (rest.length > WRAP) {
    const cut = rest.lastIndexOf(' ', WRAP);
    const at = cut > 0 ? cut : WRAP;
    out.push(rest.slice(0, at));
    rest = rest.slice(at).trimStart();
  }
  out.push(rest);
  return out;
}

/** `lines[0]` is the title (larger); the others are body text. */
export function textPdf(lines: string[]): Uint8Array {
  const [title = '', ...body] = lines.map(latin1);
  const all = [{ text: title, size: 16 }, ...body.flatMap((l) => wrap(l).map((text) => ({ text, size: 11 })))];
  const pages: (typeof all)[] = [];
  for (let i = 0; i < all.length; i += PAGE_LINES) pages.push(all.slice(i, i + PAGE_LINES));
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  // Objects: 1 catalog, 2 pages, 3 font, then per page its page object and its content stream.
  const objects: string[] = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'];
  const kids: string[] = [];
  for (const page of pages) {
    const stream = page.map((l, i) => `BT /F1 ${l.size} Tf 60 ${740 - i * 14} Td (${esc(l.text)}) Tj ET`).join('\n');
    const pageNo = objects.length + 1;
    kids.push(`${pageNo} 0 R`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageNo + 1} 0 R >>`);
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${kids.length} >>`;
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is Latin-1 by now: one byte each, so string offsets are byte offsets.
  return Uint8Array.from(out, (c) => c.charCodeAt(0));
}
