/**
 * Pokes on Workers: one Durable Object per HOA (a "poke room") holds the WebSockets of the HOA's
 * signed-in clients, and the Worker tells it after each commit that changed rows.
 *
 * - Hibernation API: the room accepts sockets with `state.acceptWebSocket`, tagged with the user's
 *   id, so idle connections cost nothing (the object is evicted between pokes; its sockets stay
 *   open). Keep-alive pings are answered by the runtime (`setWebSocketAutoResponse`) without
 *   waking it.
 * - Admission: the Worker verifies the ticket's signature (worker/routes/sync.ts) and passes its
 *   id; the room admits each ticket once (ids kept in its storage until they expire).
 * - Pokes: `POST /poke` with `{ all }` (HOA-wide rows changed: every socket) or `{ userIds }`
 *   (those users' rows or visibility changed: their sockets only). A poke carries no data.
 * - A socket older than POKE_STREAM_MAX_MS is closed instead of poked: the client asks for a new
 *   ticket with its current access token, so a deactivated user drops off within that time.
 */
import { users } from '../../schema/tables';
import { inArray } from 'drizzle-orm';
import type { Database } from '../db';
import { MAX_POKE_STREAMS_PER_USER, POKE_STREAM_MAX_MS, type PokeHub, type PokeTargets } from './poke';

/** The parts of the Workers runtime this module uses (workers-types' globals clash with the DOM lib). */
interface RoomSocket {
  send(message: string): void;
  close(code?: number, reason?: string): void;
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}
interface RoomState {
  acceptWebSocket(ws: RoomSocket, tags?: string[]): void;
  getWebSockets(tag?: string): RoomSocket[];
  setWebSocketAutoResponse(pair?: unknown): void;
  storage: {
    get<T>(key: string): Promise<T | undefined>;
    put(key: string, value: unknown): Promise<void>;
    list<T>(options: { prefix: string }): Promise<Map<string, T>>;
    delete(keys: string[]): Promise<number>;
    getAlarm(): Promise<number | null>;
    setAlarm(at: number): Promise<void>;
  };
}
interface RoomRuntime {
  WebSocketPair: new () => { 0: RoomSocket; 1: RoomSocket };
  WebSocketRequestResponsePair: new (request: string, response: string) => unknown;
}
const runtime = globalThis as unknown as RoomRuntime;

export interface PokeRoomNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): { fetch(url: string, init?: RequestInit): Promise<Response> };
}

/** What the Worker sends a room. */
export interface RoomPoke {
  all?: boolean;
  userIds?: string[];
}

/** The keep-alive the client sends and the runtime answers without waking the room. */
export const POKE_PING = 'ping';
export const POKE_PONG = 'pong';
/** The one message a room sends. */
export const POKE_MESSAGE = 'poke';
/** Close code for a socket that lived its time: reconnect with a new ticket. */
export const POKE_EXPIRED_CLOSE = 4000;

const USED_TICKET = 'used-ticket:';

interface SocketFacts {
  userId: string;
  openedAt: number;
}

export class PokeRoom {
  readonly #state: RoomState;

  constructor(state: RoomState) {
    this.#state = state;
    state.setWebSocketAutoResponse(new runtime.WebSocketRequestResponsePair(POKE_PING, POKE_PONG));
  }

  async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/poke' && request.method === 'POST') {
      this.#poke((await request.json()) as RoomPoke);
      return new Response(null, { status: 204 });
    }
    if (url.pathname === '/connect') return this.#connect(request, url);
    return new Response('Not Found', { status: 404 });
  }

  async #connect(request: Request, url: URL): Promise<Response> {
    if (request.headers.get('Upgrade')?.toLowerCase() !== 'websocket') return new Response('Expected a WebSocket upgrade', { status: 426 });
    const userId = url.searchParams.get('user');
    const ticketId = url.searchParams.get('ticket');
    const expMs = Number(url.searchParams.get('exp'));
    if (!userId || !ticketId || !Number.isFinite(expMs)) return new Response('Bad Request', { status: 400 });
    const usedKey = USED_TICKET + ticketId;
    if (await this.#state.storage.get(usedKey)) return new Response('This ticket was used already', { status: 401 });
    await this.#state.storage.put(usedKey, expMs);
    if ((await this.#state.storage.getAlarm()) === null) await this.#state.storage.setAlarm(expMs + 1_000);

    const pair = new runtime.WebSocketPair();
    const [client, server] = [pair[0], pair[1]];
    this.#state.acceptWebSocket(server, [userId]);
    server.serializeAttachment({ userId, openedAt: Date.now() } satisfies SocketFacts);
    // Beyond the cap a user's oldest sockets end (their tabs reconnect if still open).
    const mine = this.#state.getWebSockets(userId);
    for (const oldest of mine.slice(0, Math.max(0, mine.length - MAX_POKE_STREAMS_PER_USER))) oldest.close(POKE_EXPIRED_CLOSE, 'Too many connections');
    return new Response(null, { status: 101, webSocket: client } as ResponseInit);
  }

  #poke(poke: RoomPoke): void {
    const sockets = poke.all ? this.#state.getWebSockets() : [...new Set(poke.userIds ?? [])].flatMap((id) => this.#state.getWebSockets(id));
    const now = Date.now();
    for (const ws of sockets) {
      try {
        const facts = ws.deserializeAttachment() as SocketFacts | null;
        if (!facts || now - facts.openedAt > POKE_STREAM_MAX_MS) ws.close(POKE_EXPIRED_CLOSE, 'Reconnect');
        else ws.send(POKE_MESSAGE);
      } catch {
        // A socket closing as we poke: nothing to tell it.
      }
    }
  }

  /** Forgets used tickets once they have expired (they could not be admitted again anyway). */
  async alarm(): Promise<void> {
    const now = Date.now();
    const used = await this.#state.storage.list<number>({ prefix: USED_TICKET });
    const expired = [...used].filter(([, exp]) => exp < now).map(([key]) => key);
    for (let i = 0; i < expired.length; i += 128) await this.#state.storage.delete(expired.slice(i, i + 128));
    const next = Math.min(...[...used].filter(([, exp]) => exp >= now).map(([, exp]) => exp));
    if (Number.isFinite(next)) await this.#state.storage.setAlarm(next + 1_000);
  }

  webSocketMessage(): void {
    // Clients send only pings, answered by the runtime.
  }

  webSocketClose(ws: RoomSocket, code: number): void {
    try {
      ws.close(code === 1005 ? 1000 : code);
    } catch {
      // Already closed.
    }
  }
}

/**
 * The Worker's side: pokes go to the rooms of the HOAs they concern. A user's own rows live in
 * their HOA's room; the users' HOAs are looked up once per poke. Sent after the response
 * (`waitUntil`), so a push answers without waiting for the rooms.
 */
export function durablePokeHub(rooms: PokeRoomNamespace, database: Database, waitUntil: (task: Promise<unknown>) => void): PokeHub {
  const room = (hoaId: string) => rooms.get(rooms.idFromName(hoaId));
  const send = async (targets: PokeTargets) => {
    const byHoa = new Map<string, RoomPoke>();
    for (const hoaId of targets.hoaIds ?? []) byHoa.set(hoaId, { all: true });
    const userIds = targets.userIds ?? [];
    if (userIds.length > 0) {
      const owners = await database.db.select({ id: users.id, hoaId: users.hoaId }).from(users).where(inArray(users.id, [...userIds]));
      for (const { id, hoaId } of owners) {
        const poke = byHoa.get(hoaId) ?? { userIds: [] };
        if (!poke.all) (poke.userIds ??= []).push(id);
        byHoa.set(hoaId, poke);
      }
    }
    await Promise.all(
      [...byHoa].map(([hoaId, poke]) =>
        room(hoaId)
          .fetch('https://poke-room/poke', { method: 'POST', body: JSON.stringify(poke), headers: { 'Content-Type': 'application/json' } })
          .then((res) => res.body?.cancel()),
      ),
    );
  };
  return {
    poke(targets) {
      // A lost poke only delays a pull (clients also pull on focus and on an interval).
      waitUntil(send(targets).catch((e) => console.error('poke failed', e)));
    },
    connect(request, who, ticket) {
      const url = new URL('https://poke-room/connect');
      url.searchParams.set('user', who.userId);
      url.searchParams.set('ticket', ticket.id);
      url.searchParams.set('exp', String(ticket.expMs));
      return room(who.hoaId).fetch(url.toString(), { headers: request.headers });
    },
  };
}
