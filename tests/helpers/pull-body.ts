/**
 * A body of megabytes shaped as a first pull's operations, for the compression tests: varied text (a
 * repeated row would compress to nothing), a little over four of worker/gzip.ts's pieces. `row7`
 * changes one row's value, for a body that differs from the usual one in one row.
 */
export function megabytesOfRows(row7?: number): Uint8Array<ArrayBuffer> {
  let text = '';
  for (let i = 0; text.length < 2_300_000; i++) text += `{"op":"put","key":"row/${i}","value":{"n":${i === 7 && row7 !== undefined ? row7 : i * 7919},"title":"Row ${(i * 104729).toString(36)}"}},`;
  return new TextEncoder().encode(text);
}
