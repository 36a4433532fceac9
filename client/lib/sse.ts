/** A minimal server-sent-events reader for fetch streams (EventSource cannot send the Bearer header). */

/** Splits `buffer` into complete events; returns their names and what is left over. */
export function parseSseEvents(buffer: string): { events: string[]; rest: string } {
  const events: string[] = [];
  const normalized = buffer.replace(/\r\n?/g, '\n');
  let start = 0;
  let end: number;
  while ((end = normalized.indexOf('\n\n', start)) >= 0) {
    const block = normalized.slice(start, end);
    start = end + 2;
    let name = 'message';
    let hasData = false;
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue; // comment (keep-alive)
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) hasData = true;
    }
    if (hasData) events.push(name);
  }
  return { events, rest: normalized.slice(start) };
}

/** Reads a stream to its end, calling `onEvent` with each event name. */
export async function readSseStream(body: ReadableStream<Uint8Array>, onEvent: (name: string) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    const parsed = parseSseEvents(buffer);
    buffer = parsed.rest;
    for (const name of parsed.events) onEvent(name);
  }
}
