/**
 * A JPEG kept as it was taken, without what its metadata segments say: the APP1 segments (EXIF,
 * with GPS position, camera and time; XMP) and APP13 (IPTC) are cut out at byte level, the image
 * data is untouched. Pure functions on bytes, so a unit test checks them.
 */

const isJpeg = (b: Uint8Array) => b.length > 3 && b[0] === 0xff && b[1] === 0xd8;

/** The JPEG without APP1 and APP13 segments; anything that is not a well-formed JPEG comes back as it was. */
export function stripJpegMetadata(bytes: Uint8Array): Uint8Array {
  if (!isJpeg(bytes)) return bytes;
  const kept: Uint8Array[] = [bytes.subarray(0, 2)];
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return bytes;
    const marker = bytes[at + 1];
    // Start of scan: the compressed image follows to the end; no metadata after it.
    if (marker === 0xda) {
      kept.push(bytes.subarray(at));
      return concat(kept);
    }
    const length = (bytes[at + 2] << 8) | bytes[at + 3];
    if (length < 2 || at + 2 + length > bytes.length) return bytes;
    if (marker !== 0xe1 && marker !== 0xed) kept.push(bytes.subarray(at, at + 2 + length));
    at += 2 + length;
  }
  return bytes;
}

/** The EXIF orientation (1 to 8) of a JPEG, 1 when it has none: a turned photo is re-drawn upright, not kept. */
export function jpegOrientation(bytes: Uint8Array): number {
  if (!isJpeg(bytes)) return 1;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let at = 2;
  while (at + 4 <= bytes.length && bytes[at] === 0xff && bytes[at + 1] !== 0xda) {
    const length = view.getUint16(at + 2);
    const exif = at + 4;
    if (bytes[at + 1] === 0xe1 && view.getUint32(exif) === 0x45786966 /* Exif */ && exif + 14 <= bytes.length) {
      const tiff = exif + 6;
      const little = view.getUint16(tiff) === 0x4949;
      const ifd = tiff + view.getUint32(tiff + 4, little);
      const count = ifd + 2 <= bytes.length ? view.getUint16(ifd, little) : 0;
      for (let i = 0; i < count; i++) {
        const entry = ifd + 2 + i * 12;
        if (entry + 12 > bytes.length) break;
        if (view.getUint16(entry, little) === 0x0112) return view.getUint16(entry + 8, little);
      }
    }
    at += 2 + length;
  }
  return 1;
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
