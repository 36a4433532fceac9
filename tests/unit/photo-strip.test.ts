/** A JPEG kept as taken loses its metadata: the EXIF segment with the GPS position, byte for byte. */
import { describe, expect, it } from 'vitest';
import { jpegOrientation, stripJpegMetadata } from '../../client/lib/photo-queue/strip';
import { jpegWithGps, PLAIN_JPEG } from '../e2e/pages/photos';

const text = (b: Uint8Array) => Buffer.from(b).toString('latin1');

describe('a JPEG kept as taken loses its metadata', () => {
  it('cuts the EXIF segment with the GPS position out, leaving the image bytes as they were', () => {
    const photo = new Uint8Array(jpegWithGps());
    expect(text(photo)).toContain('Exif');
    expect(photo.length).toBeGreaterThan(PLAIN_JPEG.length + 100);
    const stripped = stripJpegMetadata(photo);
    expect(Buffer.from(stripped)).toEqual(PLAIN_JPEG);
    expect(text(stripped)).not.toContain('Exif');
    // Nothing of the position is left: the GPS references "N" and "W".
    expect(text(stripped)).not.toMatch(/N\0.*W\0/s);
  });

  it('reads the orientation (a turned photo is re-drawn upright, not kept) and leaves other files alone', () => {
    expect(jpegOrientation(new Uint8Array(jpegWithGps(6)))).toBe(6);
    expect(jpegOrientation(new Uint8Array(jpegWithGps(1)))).toBe(1);
    expect(jpegOrientation(new Uint8Array(PLAIN_JPEG))).toBe(1);
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
    expect(stripJpegMetadata(png)).toBe(png);
    // A truncated JPEG comes back as it was rather than half cut.
    const cut = new Uint8Array(jpegWithGps()).subarray(0, 40);
    expect(stripJpegMetadata(cut)).toBe(cut);
  });
});
