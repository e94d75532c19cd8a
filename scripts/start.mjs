#!/usr/bin/env node
// `npm start`: builds on first run (or when sources changed), then serves Emend.
// The database is migrated and seeded by instrumentation.ts when the server starts.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Settings from `.env` (see .env.example) before anything reads them; the environment wins.
// The same as scripts/load-env-file.ts, which the tsx commands import (this file runs on plain node).
if (fs.existsSync(path.join(root, '.env'))) process.loadEnvFile(path.join(root, '.env'));
const dev = process.argv.includes('--dev');
const port = process.env.PORT ?? '3000';
const dataDir = path.resolve(root, process.env.EMEND_DATA_DIR ?? 'data');
fs.mkdirSync(dataDir, { recursive: true });

// Auth.js signs sessions with AUTH_SECRET: keep one per data folder unless one is given.
if (!process.env.AUTH_SECRET) {
  const secretFile = path.join(dataDir, 'auth-secret');
  if (!fs.existsSync(secretFile))
    fs.writeFileSync(secretFile, randomBytes(32).toString('base64url'), { mode: 0o600 });
  process.env.AUTH_SECRET = fs.readFileSync(secretFile, 'utf8').trim();
}
process.env.AUTH_TRUST_HOST ??= 'true';
process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.PORT = port;
// lib/shutdown.ts stops the queue, loops and pools on SIGTERM/SIGINT, then exits: Next's own
// handler would exit at once, with jobs still running.
process.env.NEXT_MANUAL_SIG_HANDLE = 'true';

// pdf.js renders in the browser with its worker served from public/.
fs.mkdirSync(path.join(root, 'public'), { recursive: true });
fs.copyFileSync(
  path.join(root, 'node_modules/pdfjs-dist/build/pdf.worker.min.mjs'),
  path.join(root, 'public/pdf.worker.min.mjs'),
);

// A worker-only process serves no pages: it runs the job queue, nothing to build.
if (process.env.EMEND_ROLE === 'worker') {
  const worker = spawn(process.execPath, ['--import', 'tsx', 'scripts/worker.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => worker.kill(signal));
  worker.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  startNext();
}

function startNext() {
  const next = path.join(root, 'node_modules/.bin/next');

  function newestSourceMtime() {
    const roots = [
      'app',
      'components',
      'lib',
      'proxy.ts',
      'instrumentation.ts',
      'next.config.mjs',
      'tailwind.config.ts',
      'package-lock.json',
    ];
    let newest = 0;
    const walk = (p) => {
      const stat = fs.statSync(p, { throwIfNoEntry: false });
      if (!stat) return;
      if (stat.isDirectory()) for (const child of fs.readdirSync(p)) walk(path.join(p, child));
      else newest = Math.max(newest, stat.mtimeMs);
    };
    for (const r of roots) walk(path.join(root, r));
    return newest;
  }

  if (!dev) {
    const buildId = path.join(root, '.next/BUILD_ID');
    const built = fs.statSync(buildId, { throwIfNoEntry: false });
    if (!built || built.mtimeMs < newestSourceMtime()) {
      console.log(
        built ? 'Sources changed since the last build: building Emend…' : 'First run: building Emend…',
      );
      const result = spawnSync(next, ['build'], { cwd: root, stdio: 'inherit', env: process.env });
      if (result.status !== 0) process.exit(result.status ?? 1);
    }
  }

  console.log(`\n  Emend is starting at http://localhost:${port}\n`);
  const child = spawn(next, [dev ? 'dev' : 'start', '-p', port], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
