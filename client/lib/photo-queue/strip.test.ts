import { describe, expect, it } from 'vitest';
import { jpegOrientation, stripJpegMetadata } from './strip';

/** An 8×8 baseline JPEG (quantisation and Huffman tables, frame, scan) with no metadata. */
const PLAIN = Uint8Array.from(
  atob(
    '/9j/2wBDABALDA4MChAODQ4SERATGCgaGBYWGDEjJR0oOjM9PDkzODdASFxOQERXRTc4UG1RV19iZ2hnPk1xeXBkeFxlZ2P/2wBDARESEhgVGC8aGi9jQjhCY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2NjY2P/wAARCAAIAAgDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAABf/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AJgBh5//2Q==',
  ),
  (c) => c.charCodeAt(0),
);

/**
 * An APP1 EXIF segment as a phone writes one: big-endian TIFF, IFD0 with the orientation and a
 * pointer to the GPS IFD, which holds 47°36'N 122°19'W.
 */
function exifSegment(orientation: number): Uint8Array {
  const tiff: number[] = [];
  const u16 = (n: number) => tiff.push(n >> 8, n & 0xff);
  const u32 = (n: number) => tiff.push((n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff);
  const entry = (tag: number, type: number, count: number, value: number[]) => {
    u16(tag);
    u16(type);
    u32(count);
    tiff.push(...value, ...Array(4 - value.length).fill(0));
  };
  const be32 = (n: number) => [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
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
  return Uint8Array.from([0xff, 0xe1, length >> 8, length & 0xff, ...body]);
}

/** The plain JPEG with the EXIF segment right after its start marker, as cameras place it. */
const withExif = (orientation = 1) => Uint8Array.from([...PLAIN.subarray(0, 2), ...exifSegment(orientation), ...PLAIN.subarray(2)]);
const text = (b: Uint8Array) => String.fromCharCode(...b);

describe('a JPEG kept as taken loses its metadata', () => {
  it('cuts the EXIF segment with the GPS position out, byte for byte leaving the image as it was', () => {
    const photo = withExif();
    expect(text(photo)).toContain('Exif');
    expect(photo.length).toBeGreaterThan(PLAIN.length + 100);
    const stripped = stripJpegMetadata(photo);
    expect(stripped).toEqual(PLAIN);
    expect(text(stripped)).not.toContain('Exif');
    // Nothing of the position is left: the GPS IFD's references and the 122° longitude rational.
    expect(text(stripped)).not.toMatch(/N\0.*W\0/s);
  });

  it('reads the orientation (a turned photo is re-drawn upright, not kept) and leaves other files alone', () => {
    expect(jpegOrientation(withExif(6))).toBe(6);
    expect(jpegOrientation(withExif(1))).toBe(1);
    expect(jpegOrientation(PLAIN)).toBe(1);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(stripJpegMetadata(png)).toBe(png);
    // A truncated JPEG comes back as it was rather than half cut.
    const cut = withExif().subarray(0, 40);
    expect(stripJpegMetadata(cut)).toBe(cut);
  });
});
