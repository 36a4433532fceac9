import { describe, expect, it } from 'vitest';
import { parseSseEvents, readSseStream } from './sse';

describe('server-sent events', () => {
  it('parses complete events, skips comments, keeps the incomplete rest', () => {
    const { events, rest } = parseSseEvents('retry: 5000\nevent: ready\ndata: {}\n\n: keep-alive\n\nevent: poke\ndata: {}\n\nevent: po');
    expect(events).toEqual(['ready', 'poke']);
    expect(rest).toBe('event: po');
  });

  it('reads events split across chunks', async () => {
    const encoder = new TextEncoder();
    const chunks = ['event: po', 'ke\r\ndata: {}\r\n', '\r\ndata: x\n\n'];
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
        c.close();
      },
    });
    const seen: string[] = [];
    await readSseStream(body, (name) => seen.push(name));
    expect(seen).toEqual(['poke', 'message']);
  });
});
