import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import pino from 'pino';
import { env } from '@/lib/env';

/**
 * The process's structured log: JSON lines in production (one object per event, for a log
 * collector), one readable line per event in development. Every line written while handling a
 * request or a job carries its `request_id`, which travels desk → service (X-Request-Id) → jobs.
 * Log ids, counts and codes — never keys, passwords or document contents: the redaction below
 * is a safety net, not the rule.
 */
const requests = new AsyncLocalStorage<{ requestId: string }>();

/** A caller's id if it is sane (ours are UUIDs; a proxy's may differ), else a new one. */
export function requestIdFrom(header: string | null | undefined): string {
  return header && /^[\w.:-]{1,100}$/.test(header) ? header : randomUUID();
}

export function currentRequestId(): string | undefined {
  return requests.getStore()?.requestId;
}

/** Runs `work` with `requestId` on every line it logs and every service call it makes. */
export function withRequestId<T>(requestId: string, work: () => T): T {
  return requests.run({ requestId }, work);
}

/** Development: `12:00:01.234 INFO  message key=value`, colourless so it reads in any terminal. */
function prettyLine(line: string): string {
  const { level, time, msg, pid: _pid, hostname: _host, ...rest } = JSON.parse(line);
  const name = pino.levels.labels[level]?.toUpperCase() ?? String(level);
  const fields = Object.entries(rest)
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  return `${new Date(time).toISOString().slice(11, 23)} ${name.padEnd(5)} ${msg ?? ''}${fields ? ` ${fields}` : ''}\n`;
}

export function createLogger(
  settings: { level: string; production: boolean; role: string },
  write: (text: string) => void = (text) => process.stdout.write(text),
): pino.Logger {
  const options: pino.LoggerOptions = {
    level: settings.level,
    base: { pid: process.pid, role: settings.role },
    mixin: () => {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
    redact: {
      paths: [
        'apiKey',
        'api_key',
        'password',
        'secret',
        'authorization',
        '*.apiKey',
        '*.password',
        '*.secret',
      ],
      censor: '[redacted]',
    },
  };
  const pretty = !settings.production;
  return pino(options, { write: (line: string) => write(pretty ? prettyLine(line) : line) });
}

// One logger per process, even when Next.js loads this module in several bundles.
const holder = globalThis as typeof globalThis & { __emendLog?: pino.Logger };

export function log(): pino.Logger {
  const { LOG_LEVEL, NODE_ENV, EMEND_ROLE } = env();
  holder.__emendLog ??= createLogger({
    level: LOG_LEVEL,
    production: NODE_ENV === 'production',
    role: EMEND_ROLE,
  });
  return holder.__emendLog;
}

/** The message of an error, for a log field (not its stack: that may carry request data). */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
