/**
 * Real image bytes for the photo stories (a PNG of any size, a JPEG carrying EXIF with a GPS
 * position), and what the device keeps of its queued photos, read from its IndexedDB.
 */
import { createHash } from 'node:crypto';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';

/** A PNG of `width` × `height` with a gradient (so it compresses to something real). */
export function pngBytes(width: number, height: number): Buffer {
  const row = Buffer.alloc(1 + width * 3);
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    row[0] = 0;
    for (let x = 0; x < width; x++) row.set([(x * 255) / width, (y * 255) / height, 128], 1 + x * 3);
    rows.push(Buffer.from(row));
  }
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

/** An 8×8 baseline JPEG (quantisation and Huffman tables, frame, scan) with no metadata. */
export const PLAIN_JPEG = Buffer.from(
  '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgBh5//2Q==',
  'base64',
);

/**
 * An APP1 EXIF segment as a phone writes one: big-endian TIFF, IFD0 with the orientation and a
 * pointer to the GPS IFD, which holds 47°36'N 122°19'W.
 */
export function exifSegment(orientation = 1): Buffer {
  const tiff: number[] = [];
  const u16 = (n: number) => tiff.push(n >> 8, n & 0xff);
  const u32 = (n: number) => tiff.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
  const entry = (tag: number, type: number, count: number, value: number[]) => {
    u16(tag);
    u16(type);
    u32(count);
    tiff.push(...value, ...Array(4 - value.length).fill(0));
  };
  // Header (8), IFD0 at 8: 2 entries (2 + 24 + 4 = 30) → GPS IFD at 38: 4 entries (2 + 48 + 4 = 54) → rationals at 92.
  tiff.push(0x4d, 0x4d, 0x00, 0x2a);
  u32(8);
  u16(2);
  entry(0x0112, 3, 1, [0, orientation]);
  entry(0x8825, 4, 1, be32(38));
  u32(0);
  u16(4);
  entry(0x0001, 2, 2, [0x4e, 0]); // GPSLatitudeRef "N"
  entry(0x0002, 5, 3, be32(92)); // GPSLatitude
  entry(0x0003, 2, 2, [0x57, 0]); // GPSLongitudeRef "W"
  entry(0x0004, 5, 3, be32(116)); // GPSLongitude
  u32(0);
  for (const [n, d] of [[47, 1], [36, 1], [0, 1], [122, 1], [19, 1], [0, 1]]) {
    u32(n);
    u32(d);
  }
  const body = [0x45, 0x78, 0x69, 0x66, 0, 0, ...tiff]; // "Exif\0\0"
  const length = body.length + 2;
  return Buffer.from([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/** The 8×8 JPEG with the EXIF segment (GPS position) right after its start marker, as cameras place it. */
export const jpegWithGps = (orientation = 1): Buffer => Buffer.concat([PLAIN_JPEG.subarray(0, 2), exifSegment(orientation), PLAIN_JPEG.subarray(2)]);

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface KeptPhoto {
  s3Key: string;
  fileName: string;
  fileType: string;
  state: string;
  /** The blob's bytes, base64. */
  bytes: string;
  width: number;
  height: number;
}

/** The photos this browser keeps in its queue (IndexedDB), with each blob's bytes and decoded size. */
export function keptPhotos(page: Page): Promise<KeptPhoto[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, fail) => {
      const req = indexedDB.open('hoa-photo-queue');
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    const all = await new Promise<{ s3Key: string; fileName: string; fileType: string; state: string; blob: Blob; createdAt: number }[]>((ok, fail) => {
      const req = db.transaction('photos').objectStore('photos').getAll();
      req.onsuccess = () => ok(req.result);
      req.onerror = () => fail(req.error);
    });
    db.close();
    all.sort((a, b) => a.createdAt - b.createdAt);
    return Promise.all(
      all.map(async (p) => {
        const bitmap = await createImageBitmap(p.blob);
        const bytes = new Uint8Array(await p.blob.arrayBuffer());
        let text = '';
        for (const b of bytes) text += String.fromCharCode(b);
        return { s3Key: p.s3Key, fileName: p.fileName, fileType: p.blob.type, state: p.state, bytes: btoa(text), width: bitmap.width, height: bitmap.height };
      }),
    );
  });
}
