import { log } from '@/lib/log';

/**
 * Clean shutdown of one process, whatever its role. Parts register what stops them
 * (`onShutdown`); on SIGTERM or SIGINT they are stopped in the reverse order of registration —
 * so what takes work (queue workers, loops) stops before what it needs (the database pool) —
 * and the process exits, at the latest after the timeout.
 */
type Step = { name: string; run: () => Promise<void> | void };

// Next.js may load this module in several bundles: the steps of the process hang off globalThis.
const holder = globalThis as typeof globalThis & {
  __emendShutdown?: { steps: Step[]; stopping: Promise<void> | null; installed: boolean };
};
const state = () => {
  holder.__emendShutdown ??= { steps: [], stopping: null, installed: false };
  return holder.__emendShutdown;
};

export function onShutdown(name: string, run: Step['run']): void {
  state().steps.push({ name, run });
}

/** True once a shutdown began: readiness answers 503 so a load balancer stops sending work. */
export function shuttingDown(): boolean {
  return state().stopping !== null;
}

/**
 * Runs every step once (later calls get the same promise). A step that fails is logged and the
 * others still run: a pool left open is worse than an error message.
 */
export function shutdown(say: (message: string) => void = (m) => log().info(m)): Promise<void> {
  const s = state();
  s.stopping ??= (async () => {
    for (const step of [...s.steps].reverse()) {
      try {
        await step.run();
        say(`stopped ${step.name}`);
      } catch (error) {
        say(`stopping ${step.name} failed: ${(error as Error).message}`);
      }
    }
  })();
  return s.stopping;
}

/**
 * Installs the SIGTERM/SIGINT handler once per process: shut down, then exit 0; exit 1 if the
 * steps take longer than `timeoutMs` (jobs still running then are handed back by pg-boss's own
 * stop before that, see lib/service/jobs/workers.ts). A second signal more than a second after
 * the first exits at once (one Ctrl-C reaches both `npm start` and its child: that is not two).
 */
export function exitOnSignals(
  timeoutMs: number,
  say: (message: string) => void = (m) => log().info(m),
): void {
  const s = state();
  if (s.installed) return;
  s.installed = true;
  let first = 0;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      if (s.stopping) {
        if (Date.now() - first > 1000) process.exit(1);
        return;
      }
      first = Date.now();
      say(`${signal}: shutting down (at most ${Math.round(timeoutMs / 1000)} s)`);
      const timer = setTimeout(() => {
        say('shutdown timed out: exiting');
        process.exit(1);
      }, timeoutMs);
      timer.unref();
      void shutdown(say).then(() => process.exit(0));
    });
  }
}
