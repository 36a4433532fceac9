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

/** An 8×8 baseline JPEG with an EXIF segment holding a GPS position (47°36'N), as a phone writes it. */
export function jpegWithGps(): Buffer {
  const plain = Buffer.from(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgBh5//2Q==',
    'base64',
  );
  // TIFF (big-endian): IFD0 with a GPS pointer → GPS IFD with the latitude reference and value.
  const tiff = Buffer.from([
    0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8,
    0, 1, 0x88, 0x25, 0, 4, 0, 0, 0, 1, 0, 0, 0, 26, 0, 0, 0, 0,
    0, 2, 0, 1, 0, 2, 0, 0, 0, 2, 0x4e, 0, 0, 0, 0, 2, 0, 5, 0, 0, 0, 3, 0, 0, 0, 56, 0, 0, 0, 0,
    0, 0, 0, 47, 0, 0, 0, 1, 0, 0, 0, 36, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1,
  ]);
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'binary'), tiff]);
  const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 0xff]), body]);
  return Buffer.concat([plain.subarray(0, 2), app1, plain.subarray(2)]);
}

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
