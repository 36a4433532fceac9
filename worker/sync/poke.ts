/**
 * Pokes: "something you can see changed, pull now". They carry no data, so a lost poke only
 * delays a pull (clients also pull on focus, when coming online and on a slow interval).
 *
 * Channels: `hoa:<id>` (HOA-wide rows changed) and `user:<id>` (a user's own rows or visibility).
 * On Node one process holds every connection, so an in-memory hub streams server-sent events
 * (`subscribe`). On Workers, isolates share no memory: a Durable Object per HOA holds the HOA's
 * WebSockets (worker/sync/poke-room.ts, `connect`). With neither, the poke route answers 204 and
 * clients fall back to polling.
 */

export interface PokeTargets {
  hoaIds?: readonly string[];
  userIds?: readonly string[];
}

export interface PokeSubscriber {
  hoaId: string;
  userId: string;
}

export interface PokeHub {
  poke(targets: PokeTargets): void;
  /**
   * Calls `onPoke` for every poke aimed at this user or their HOA, and `onClose` when the hub
   * shuts down (the stream should end). Returns the unsubscribe.
   */
  subscribe?(who: PokeSubscriber, onPoke: () => void, onClose?: () => void): () => void;
  /**
   * Hands a WebSocket upgrade request to the room of `who.hoaId` (Workers). `ticket` is the
   * verified single-use ticket the room admits once.
   */
  connect?(request: Request, who: PokeSubscriber, ticket: { id: string; expMs: number }): Promise<Response>;
}

/** Open sockets and streams end after this long; the client comes back with fresh credentials. */
export const POKE_STREAM_MAX_MS = 10 * 60_000;

export const hoaChannel = (hoaId: string) => `hoa:${hoaId}`;
export const userChannel = (userId: string) => `user:${userId}`;

/** Open streams one user may hold (a tab each); a new one beyond this ends their oldest. */
export const MAX_POKE_STREAMS_PER_USER = 10;

/** The single-process hub of the Node entry (and of tests). */
export class MemoryPokeHub implements PokeHub {
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly #closers = new Set<() => void>();
  /** Each user's open streams, oldest first: their unsubscribe and how to end them. */
  readonly #byUser = new Map<string, { unsubscribe: () => void; end: () => void }[]>();

  poke(targets: PokeTargets): void {
    const called = new Set<() => void>();
    const channels = [...(targets.hoaIds ?? []).map(hoaChannel), ...(targets.userIds ?? []).map(userChannel)];
    for (const channel of channels) {
      for (const listener of this.#listeners.get(channel) ?? []) {
        // A connection on both the HOA and the user channel gets one poke, not two.
        if (called.has(listener)) continue;
        called.add(listener);
        listener();
      }
    }
  }

  subscribe(who: PokeSubscriber, onPoke: () => void, onClose?: () => void): () => void {
    const channels = [hoaChannel(who.hoaId), userChannel(who.userId)];
    for (const channel of channels) {
      let set = this.#listeners.get(channel);
      if (!set) this.#listeners.set(channel, (set = new Set()));
      set.add(onPoke);
    }
    if (onClose) this.#closers.add(onClose);
    const unsubscribe = () => {
      if (onClose) this.#closers.delete(onClose);
      for (const channel of channels) {
        const set = this.#listeners.get(channel);
        set?.delete(onPoke);
        if (set?.size === 0) this.#listeners.delete(channel);
      }
      const open = this.#byUser.get(who.userId)?.filter((s) => s !== stream) ?? [];
      if (open.length > 0) this.#byUser.set(who.userId, open);
      else this.#byUser.delete(who.userId);
    };
    const stream = { unsubscribe, end: () => (onClose ? onClose() : unsubscribe()) };
    const open = [...(this.#byUser.get(who.userId) ?? []), stream];
    this.#byUser.set(who.userId, open);
    // Beyond the cap the oldest streams end (their tabs reconnect if still open, ending another).
    for (const oldest of open.slice(0, Math.max(0, open.length - MAX_POKE_STREAMS_PER_USER))) {
      oldest.end();
      oldest.unsubscribe();
    }
    return unsubscribe;
  }

  /** Ends every open stream (server shutdown). */
  closeAll(): void {
    for (const close of [...this.#closers]) close();
    this.#closers.clear();
    this.#listeners.clear();
    this.#byUser.clear();
  }

  /** Open connections (for tests and diagnostics). */
  get connectionCount(): number {
    const all = new Set<() => void>();
    for (const set of this.#listeners.values()) for (const l of set) all.add(l);
    return all.size;
  }
}
