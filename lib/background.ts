import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { errorMessage, log, withRequestId } from '@/lib/log';

/** Names this process among the servers sharing a database (who holds a lease). */
export function newWorkerId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}

const loops = new Map<string, () => Promise<void>>();

/**
 * Runs `pass` every `intervalMs` in this process: one pass at a time (a tick that finds the last
 * pass still running is skipped), a failed pass logged as `${name} failed: …` and the loop kept
 * going, the timer never keeping the process alive. One loop per name: starting it again while
 * it runs does nothing. Returns what stops it.
 */
export function startLoop(name: string, intervalMs: number, pass: () => Promise<void>): () => void {
  if (loops.has(name)) return () => {};
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    // Each pass has an id of its own, on its log lines and the service calls it makes.
    running = withRequestId(randomUUID(), () => Promise.resolve().then(pass))
      .catch((error) => log().error({ loop: name, error: errorMessage(error) }, `${name} failed`))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref?.();
  const stop = async () => {
    clearInterval(timer);
    loops.delete(name);
    await running;
  };
  loops.set(name, stop);
  return () => void stop();
}

/**
 * Stops every loop of this process and waits for passes under way to end (shutdown: an outbox
 * or reconciler pass is let finish rather than cut in the middle of its lease).
 */
export async function stopAllLoops(): Promise<void> {
  await Promise.all([...loops.values()].map((stop) => stop()));
}
