import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * Emend as `npm start` runs it (a production build, built first if the sources are newer) on
 * its own data folder and port, for the benchmarks that need the real server. Resolves once
 * `/login` answers; `stop()` ends it.
 */
export async function startEmend(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
}): Promise<{ baseUrl: string; stop(): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const child = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      EMEND_DATA_DIR: options.dataDir,
      PORT: String(options.port),
      NEXT_TELEMETRY_DISABLED: '1',
      ...options.env,
    },
  });
  const exited = new Promise((r) => child.once('exit', r));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  // The first start may build the app: give it time.
  const end = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Emend exited with code ${child.exitCode} before answering`);
    try {
      if ((await fetch(`${baseUrl}/login`)).ok) return { baseUrl, stop };
    } catch {
      // not up yet
    }
    if (Date.now() > end) {
      await stop();
      throw new Error(`${baseUrl}/login did not answer within 10 minutes`);
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}
