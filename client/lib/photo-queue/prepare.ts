/**
 * A chosen photo made ready to queue, on the device: scaled so its longest side is at most 1600 px
 * and re-encoded as JPEG at quality 0.8 (re-encoding drops EXIF and GPS). A JPEG already small enough
 * and upright is kept as taken, its metadata segments cut out (strip.ts). A file the browser cannot
 * decode (or a GIF, which may move) is kept as it is: the upload rules still check it.
 */
import { jpegOrientation, stripJpegMetadata } from './strip';

export const MAX_PHOTO_SIDE = 1600;
export const PHOTO_QUALITY = 0.8;

export interface PreparedPhoto {
  blob: Blob;
  fileName: string;
  fileType: string;
}

const jpegName = (name: string) => `${name.replace(/\.[^.]*$/, '') || 'photo'}.jpg`;

async function encode(bitmap: ImageBitmap, width: number, height: number): Promise<Blob> {
  if (typeof OffscreenCanvas !== 'undefined') {
    const canvas = new OffscreenCanvas(width, height);
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    return canvas.convertToBlob({ type: 'image/jpeg', quality: PHOTO_QUALITY });
  }
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
  return new Promise((resolve, reject) => canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('The photo could not be encoded'))), 'image/jpeg', PHOTO_QUALITY));
}

export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const type = file.type.toLowerCase();
  const asIs: PreparedPhoto = { blob: file, fileName: file.name, fileType: type };
  if (type === 'image/gif') return asIs;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return asIs;
  }
  try {
    const longest = Math.max(bitmap.width, bitmap.height);
    const isJpeg = type === 'image/jpeg' || type === 'image/jpg';
    if (isJpeg && longest <= MAX_PHOTO_SIDE) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      if (jpegOrientation(bytes) <= 1) return { blob: new Blob([stripJpegMetadata(bytes) as Uint8Array<ArrayBuffer>], { type: 'image/jpeg' }), fileName: file.name, fileType: 'image/jpeg' };
    }
    const scale = Math.min(1, MAX_PHOTO_SIDE / longest);
    const blob = await encode(bitmap, Math.max(1, Math.round(bitmap.width * scale)), Math.max(1, Math.round(bitmap.height * scale)));
    return { blob, fileName: jpegName(file.name), fileType: 'image/jpeg' };
  } finally {
    bitmap.close();
  }
}
