/**
 * The remaining-characters hint of a limited text field ("remaining-characters hint
 * after 8"): "2 characters remaining", "1 character remaining", and past the limit "1 character over
 * the limit" (never "-1 characters remaining"). Undefined below `from`, where no hint is shown.
 */
export function charactersLeft(value: string, max: number, from = 0): string | undefined {
  if (value.length < from) return undefined;
  const left = max - value.length;
  const n = Math.abs(left);
  const characters = n === 1 ? 'character' : 'characters';
  return left >= 0 ? `${n} ${characters} remaining` : `${n} ${characters} over the limit`;
}
