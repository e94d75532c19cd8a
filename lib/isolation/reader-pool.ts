import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rename } from 'node:fs/promises';
import path from 'node:path';
import type { ReaderAnswers, ReaderFailure, ReaderJob, ReaderReply } from '@/lib/isolation/protocol';

/**
 * A small pool of reader processes (lib/isolation/reader-child.ts, bundled at start). The server
 * never parses, renders or inflates a hostile document itself: it sends the bytes to a reader
 * process and waits. A process whose memory (RSS, tesseract and canvas included) passes the cap
 * or that runs past the job's timeout is killed; that job fails with ReaderDiedError and the next
 * job gets a fresh process. The server's own memory and event loop stay out of it.
 */

export interface ReaderPoolOptions {
  /** Reader processes at most (each runs one job at a time). */
  processes: number;
  /** Resident memory of one reader process, in MB, beyond which it is killed. */
  memoryMb: number;
}

export class ReaderDiedError extends Error {
  override readonly name = 'ReaderDiedError';
  constructor(readonly reason: 'memory' | 'time' | 'crash') {
    super(
      reason === 'memory'
        ? 'its reader ran out of memory'
        : reason === 'time'
          ? 'its reader ran out of time'
          : 'its reader stopped unexpectedly',
    );
  }
}

/** A failure inside the reader, as the reader described it. */
export class ReaderFailedError extends Error {
  override readonly name = 'ReaderFailedError';
  constructor(readonly failure: ReaderFailure) {
    super(failure.message);
  }
}

const WATCH_MS = 100;

let childScript: Promise<string> | null = null;

/**
 * The reader process's script: lib/isolation/reader-child.ts bundled once per server start with
 * esbuild (node_modules left external), so the process runs on plain Node — through a TS loader
 * it would hold ~300 MB more (the loader's transform of pdf.js). Written beside node_modules so
 * the packages resolve; written to a temporary name and renamed, so servers sharing the folder
 * never see half a file.
 */
function buildChildScript(): Promise<string> {
  childScript ??= (async () => {
    const { build } = await import('esbuild');
    const root = process.cwd();
    const out = path.join(root, 'node_modules', '.cache', 'emend', 'reader-child.mjs');
    const tmp = `${out}.${process.pid}.tmp`;
    await build({
      entryPoints: [path.join(root, 'lib', 'isolation', 'reader-child.ts')],
      bundle: true,
      platform: 'node',
      format: 'esm',
      packages: 'external',
      outfile: tmp,
      tsconfig: path.join(root, 'tsconfig.json'),
      logLevel: 'error',
    });
    await rename(tmp, out);
    return out;
  })();
  childScript.catch(() => {
    childScript = null;
  });
  return childScript;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

class ReaderProcess {
  readonly child: ChildProcess;
  private pending: Pending | null = null;
  private killedFor: 'memory' | 'time' | null = null;
  private timer: NodeJS.Timeout | null = null;
  private watch: NodeJS.Timeout | null = null;
  dead = false;
  /** Taken by a job (set when handed out, so two jobs never share a process). */
  claimed = false;

  constructor(
    script: string,
    private readonly options: ReaderPoolOptions,
    onExit: (p: ReaderProcess) => void,
  ) {
    this.child = fork(script, [], {
      cwd: process.cwd(),
      execArgv: [`--max-old-space-size=${options.memoryMb}`],
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on('message', (reply: ReaderReply) => {
      const pending = this.settle();
      if (!pending) return;
      if (reply.ok) pending.resolve(reply.value);
      else pending.reject(new ReaderFailedError(reply.failure));
    });
    const gone = () => {
      if (this.dead) return;
      this.dead = true;
      this.settle()?.reject(new ReaderDiedError(this.killedFor ?? 'crash'));
      onExit(this);
    };
    this.child.on('exit', gone);
    // Usually followed by 'exit'; a process that could not even start never exits.
    this.child.on('error', () => {
      if (this.child.pid === undefined) gone();
    });
    this.idle();
  }

  run(id: number, job: ReaderJob, timeoutMs: number): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject };
      this.child.ref();
      this.child.channel?.ref();
      this.timer = setTimeout(() => this.kill('time'), timeoutMs);
      this.watch = setInterval(() => {
        if (residentMb(this.child.pid) > this.options.memoryMb) this.kill('memory');
      }, WATCH_MS);
      this.child.send({ id, ...job }, (error) => {
        if (error) this.kill(null);
      });
    });
  }

  kill(reason: 'memory' | 'time' | null) {
    this.killedFor ??= reason;
    this.child.kill('SIGKILL');
  }

  /** The job ends: timers stop and an idle process no longer keeps the server alive. */
  private settle(): Pending | null {
    const pending = this.pending;
    this.pending = null;
    this.claimed = false;
    if (this.timer) clearTimeout(this.timer);
    if (this.watch) clearInterval(this.watch);
    this.timer = this.watch = null;
    this.idle();
    return pending;
  }

  private idle() {
    this.child.unref();
    this.child.channel?.unref();
  }
}

/** Resident set of a process in MB, from /proc (Linux); 0 where that cannot be read. */
function residentMb(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const match = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+)\s+kB/m);
    return match ? Number(match[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

export class ReaderPool {
  private readonly processes: ReaderProcess[] = [];
  private readonly waiting: (() => void)[] = [];
  private nextId = 1;

  constructor(private readonly options: ReaderPoolOptions) {}

  /** Runs one job in a reader process; rejects with ReaderFailedError or ReaderDiedError. */
  async run<K extends ReaderJob['op']>(
    job: Extract<ReaderJob, { op: K }>,
    timeoutMs: number,
  ): Promise<ReaderAnswers[K]> {
    const reader = await this.acquire();
    try {
      return (await reader.run(this.nextId++, job, timeoutMs)) as ReaderAnswers[K];
    } finally {
      this.waiting.shift()?.();
    }
  }

  /**
   * Starts every reader process and waits until each answers, so that the first document is not
   * kept waiting for the script's build and the processes' start (seconds on a busy machine).
   */
  async warm(): Promise<void> {
    await Promise.all(
      Array.from({ length: this.options.processes }, () => this.run({ op: 'ready' }, 60_000)),
    );
  }

  /** Kills every reader process (shutdown, tests). */
  close() {
    for (const p of this.processes) p.kill(null);
  }

  private async acquire(): Promise<ReaderProcess> {
    for (;;) {
      const free = this.processes.find((p) => !p.claimed && !p.dead);
      if (free) {
        free.claimed = true;
        return free;
      }
      if (this.processes.length < this.options.processes) {
        const script = await buildChildScript();
        if (this.processes.length >= this.options.processes) continue; // taken while building
        const p = new ReaderProcess(script, this.options, (gone) => {
          const at = this.processes.indexOf(gone);
          if (at >= 0) this.processes.splice(at, 1);
          this.waiting.shift()?.();
        });
        p.claimed = true;
        this.processes.push(p);
        return p;
      }
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }
}
