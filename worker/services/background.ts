/**
 * Work that runs after the response has gone out. Node and the tests keep the running tasks so they
 * can be awaited (`drain`, on shutdown and in tests); Workers hand them to `ctx.waitUntil`.
 */
export function nextTurn(task: () => Promise<unknown>): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0))
    .then(task)
    .then(
      () => undefined,
      (e) => console.error('background task failed', e),
    );
}

export function createBackgroundTasks() {
  const running = new Set<Promise<void>>();
  return {
    afterResponse(task: () => Promise<unknown>): void {
      const run = nextTurn(task).finally(() => running.delete(run));
      running.add(run);
    },
    /** Resolves when every task started so far (and any they started) has finished. */
    async drain(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };
}
