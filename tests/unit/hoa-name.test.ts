import { describe, expect, it } from 'vitest';
import { hoaNameKeys } from '../../schema/hoa-name';
import { LOOK_ALIKES } from '../helpers/look-alikes';

/** Two names are the same HOA name when either of their keys is equal (schema/hoa-name.ts). */
const same = (a: string, b: string) => {
  const ka = hoaNameKeys(a);
  const kb = hoaNameKeys(b);
  return ka.lower === kb.lower || ka.upper === kb.upper;
};

describe('hoaNameKeys', () => {
  for (const [how, name] of Object.entries(LOOK_ALIKES))
    it(`matches "Maple Grove HOA" with ${how}`, () => {
      expect(same(name, 'Maple Grove HOA')).toBe(true);
    });

  it('folds non-ASCII case (SQLite lower() folds ASCII only)', () => {
    expect(same('ÉCOLE DES PINS', 'école des pins')).toBe(true);
    expect(same('STRASSE', 'Straße')).toBe(true);
    expect(same('ΣΟΦΙΑ', 'σοφια')).toBe(true);
  });

  it('matches composed and decomposed (NFD) forms', () => {
    expect(same('Caf\u00e9 Commons', 'Cafe\u0301 Commons')).toBe(true);
    expect(same('CAFE\u0301 COMMONS', 'Caf\u00e9 Commons')).toBe(true);
  });

  it('matches a lower-case look-alike whose capital looks like another letter (Greek ν, v)', () => {
    expect(same('\u03bdalley View', 'Valley View')).toBe(true);
  });

  it('keeps different names apart', () => {
    expect(same('Maple Grove HOA', 'Maple Glen HOA')).toBe(false);
    expect(same('Cedar Park HOA', 'Cedar Parks HOA')).toBe(false);
    expect(same('Oak Hill', 'Oak Mill')).toBe(false);
    expect(same('Café Commons', 'Cafe Commons')).toBe(false);
  });

  it('gives a name with nothing visible empty keys', () => {
    expect(hoaNameKeys('\u200b\u00a0\u2060 ')).toEqual({ lower: '', upper: '' });
  });
});
