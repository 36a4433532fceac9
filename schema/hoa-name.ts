/**
 * When two HOA names are the same name ('An HOA with this name already exists'): after
 * NFKC (fullwidth and other compatibility forms), removal of invisible characters (zero-width and
 * other default-ignorable code points, format and control characters), whitespace collapsing (double,
 * non-breaking and other Unicode spaces), case folding (non-ASCII too) and the Unicode confusable
 * skeleton of UTS #39 (a Cyrillic 'М' or a Greek 'Μ' is a Latin 'M', 'rn' is 'm', '0' is 'O'). The
 * confusables table is Unicode's confusables.txt as the `unhomoglyph` package ships it.
 *
 * Case and confusability do not combine into one key: a Greek 'ν' looks like a 'v' while its capital
 * 'Ν' looks like an 'N'. So a name has two keys, one of its lower-case form and one of its upper-case
 * form, and it is taken when either equals that key of another HOA (each key has a unique index:
 * `hoas.name_key`, `hoas.name_key_upper`). The server computes them (the live availability check asks
 * it); the client does not import this file, so the table stays out of its bundle.
 */
import confusables from 'unhomoglyph/data.json';

const TABLE: Readonly<Record<string, string>> = confusables;

/** Tabs and line breaks are spaces; everything else invisible goes. */
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}]/gu;
const SPACES = /\s+/g;

/** NFKC, invisible characters removed, whitespace collapsed and trimmed (no case change). */
function visible(name: string): string {
  return name.normalize('NFKC').replace(BREAKS, ' ').replace(INVISIBLE, '').replace(SPACES, ' ').trim();
}

/** Full case folding as far as JavaScript has it: 'ß' → 'ss', 'ς' → 'σ', 'İ' → 'i̇'. */
const fold = (s: string) => s.toLowerCase().toUpperCase().toLowerCase();
const upper = (s: string) => s.toUpperCase();

/** UTS #39 skeleton: NFD, each code point to its prototype, NFD again. */
function skeleton(s: string): string {
  let out = '';
  for (const c of s.normalize('NFD')) out += TABLE[c] ?? c;
  return out.normalize('NFD');
}

/**
 * `caseMap` then the skeleton, repeated until nothing changes (a prototype may change case, and its
 * other case may have a prototype of its own), then NFKC, folded and with spaces collapsed again.
 */
function keyOf(name: string, caseMap: (s: string) => string): string {
  let k = caseMap(visible(name));
  for (let i = 0; i < 5; i++) {
    const next = caseMap(skeleton(k));
    if (next === k) break;
    k = next;
  }
  return visible(fold(k));
}

export interface HoaNameKeys {
  /** The skeleton of the folded (lower-case) name. */
  lower: string;
  /** The skeleton of the upper-case name. */
  upper: string;
}

/** The keys two names share when they look alike; empty when the name has nothing visible. */
export function hoaNameKeys(name: string): HoaNameKeys {
  return { lower: keyOf(name, fold), upper: keyOf(name, upper) };
}

/** The `hoas` columns a name sets: every write of a name goes through this, so its keys never lag. */
export function hoaNameColumns(name: string): { name: string; nameKey: string; nameKeyUpper: string } {
  const keys = hoaNameKeys(name);
  return { name, nameKey: keys.lower, nameKeyUpper: keys.upper };
}
