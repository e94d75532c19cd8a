// Starts Emend for the end-to-end tests: a fresh data folder, a known admin password, and an
// API key the tests share with the desk (so they can check the service's view of an entry).
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const artifacts = path.join(root, 'e2e/.artifacts');
const dataDir = path.join(artifacts, 'data');
fs.rmSync(artifacts, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const env = {
  ...process.env,
  EMEND_DATA_DIR: dataDir,
  EMEND_ADMIN_PASSWORD: 'e2e-admin-password',
  PORT: process.env.E2E_PORT ?? '3210',
  NEXT_TELEMETRY_DISABLED: '1',
  // e2e/team.spec.ts registers a desk webhook on a receiver on loopback.
  EMEND_WEBHOOK_ALLOW_HOSTS: '127.0.0.1',
};
const apiKey = execFileSync(
  path.join(root, 'node_modules/.bin/tsx'),
  ['scripts/cli.ts', 'api-key', 'create', '--account', 'e2e', '--credits', '1000'],
  {
    cwd: root,
    env,
    encoding: 'utf8',
  },
).trim();
fs.writeFileSync(path.join(artifacts, 'api-key'), apiKey);

const child = spawn('node', ['scripts/start.mjs'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...env, EXTRACTION_API_KEY: apiKey },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
