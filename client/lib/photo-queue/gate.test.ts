import { describe, expect, it } from 'vitest';
import { gateWith } from './gate';

const photo = (s3Key: string, state: 'queued' | 'uploading' | 'stored' | 'refused', error: string | null = null) => ({ s3Key, state, fileName: `${s3Key}.jpg`, error });
const issue = (id: string, photos: string[]) => ({ name: 'issueViolation', args: { id, photo_url: null, photos } });
const status = { name: 'setViolationStatus', args: { id: 'v0', status: 'resolved' } };

describe('the push gate', () => {
  it('sends the changes before the first one waiting for a photo, and holds it and the rest, in order', () => {
    const byKey = new Map([
      ['a', photo('a', 'stored')],
      ['b', photo('b', 'uploading')],
    ]);
    const first = issue('v1', ['a']);
    const gated = gateWith([status, first, issue('v2', ['a', 'b']), status], byKey);
    expect(gated).toEqual({ send: [status, first], held: true });
  });

  it('takes a refused photo out of the change and names it with the reason; keys of no queued photo pass as they are', () => {
    const byKey = new Map([
      ['a', photo('a', 'stored')],
      ['b', photo('b', 'refused', 'File size must be less than 10MB')],
    ]);
    const gated = gateWith([issue('v1', ['a', 'b', 'uploaded-at-submit'])], byKey);
    expect(gated.held).toBe(false);
    expect(gated.send[0].args).toEqual({ id: 'v1', photo_url: null, photos: ['a', 'uploaded-at-submit'], photos_refused: [{ file_name: 'b.jpg', reason: 'File size must be less than 10MB' }] });
  });
});
