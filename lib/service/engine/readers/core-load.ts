import { availableParallelism, cpus } from 'node:os';

/**
 * How many cores other processes keep busy: the OCR pool runs work that only saves time on a core
 * left free (`recognizeOnSpareCore`), and a core another reader process (or anything else) is
 * using is not free. Measured from the machine's CPU times less this process's own, over the last
 * second or so; its own recognitions the pool counts itself.
 */
export interface CpuSample {
  /** When taken, ms (performance.now). */
  at: number;
  /** Busy time of every core, ms. */
  busy: number;
  /** This process's CPU time (all its threads), ms. */
  own: number;
}

/** A second is long enough for the kernel's 10 ms ticks and short enough to follow a batch starting. */
const WINDOW_MS = 1000;

export function cpuSample(): CpuSample {
  let busy = 0;
  for (const { times } of cpus()) busy += times.user + times.nice + times.sys + times.irq;
  const own = process.cpuUsage();
  return { at: performance.now(), busy, own: (own.user + own.system) / 1000 };
}

/** Cores kept busy by other processes between two samples (never below 0). */
export function othersLoad(from: CpuSample, to: CpuSample): number {
  const span = to.at - from.at;
  if (span <= 0) return 0;
  return Math.max(0, (to.busy - from.busy - (to.own - from.own)) / span);
}

let last: CpuSample | null = null;
let lastLoad = 0;

/**
 * The cores other processes kept busy lately (see `othersLoad`), as of the last full window. 0 where
 * the cores listed are not this process's to use (a container given fewer than the machine's: the
 * others' load there says nothing of its own cores).
 */
function othersBusyCores(): number {
  if (cpus().length !== availableParallelism()) return 0;
  const now = cpuSample();
  if (!last) last = now;
  else if (now.at - last.at >= WINDOW_MS) {
    lastLoad = othersLoad(last, now);
    last = now;
  }
  return lastLoad;
}

/** The pool's probe (an object, so that tests can hold it still while other test files load the machine). */
export const coreLoad = { othersBusyCores };
