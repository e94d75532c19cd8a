// The desk against another v3 service: `npm run service` as a separate process, behind a proxy
// that answers 404 to Emend's own deployment listing (as a v3 service without it would). An
// admin registers the deployment by id; then documents go through it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';

const root = path.resolve(import.meta.dirname, '..');
const SERVICE_PORT = 3511;
const PROXY_PORT = 3512;
const DESK_PORT = 3513;
const DESK = `http://127.0.0.1:${DESK_PORT}`;
const INVOICES = 'e1a96427-7d36-457a-bdbf-85f8f35aa6e8'; // the service's seeded Invoices deployment
const PASSWORD = 'remote-admin-password';

let dir: string;
const children: ChildProcess[] = [];
let proxy: http.Server;

async function waitFor(url: string, child: ChildProcess) {
  const end = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.status < 500) return;
    } catch {
      // not up yet
    }
    if (Date.now() > end) throw new Error(`${url} did not answer`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

test.beforeAll(async () => {
  test.setTimeout(300_000);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emend-remote-'));
  const serviceEnv = {
    ...process.env,
    EMEND_DATA_DIR: path.join(dir, 'service'),
    DATABASE_URL: '',
    SERVICE_PORT: String(SERVICE_PORT),
    SERVICE_URL_ALLOW_HOSTS: '127.0.0.1,localhost',
  };
  const key = execFileSync(
    path.join(root, 'node_modules/.bin/tsx'),
    ['scripts/cli.ts', 'api-key', 'create', '--account', 'remote-desk', '--credits', '100'],
    { cwd: root, env: serviceEnv, encoding: 'utf8' },
  ).trim();
  const service = spawn(path.join(root, 'node_modules/.bin/tsx'), ['scripts/service.ts'], {
    cwd: root,
    env: serviceEnv,
    stdio: 'inherit',
  });
  children.push(service);
  await waitFor(`http://127.0.0.1:${SERVICE_PORT}/v3/openapi.json`, service);

  // Everything passes through, except the listing, which "does not exist" here.
  proxy = http.createServer((req, res) => {
    if (req.method === 'GET' && req.url?.split('?')[0] === '/v3/deployments') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Not found.' } }));
      return;
    }
    const upstream = http.request(
      { host: '127.0.0.1', port: SERVICE_PORT, method: req.method, path: req.url, headers: req.headers },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((r) => proxy.listen(PROXY_PORT, '127.0.0.1', r));

  const desk = spawn('node', ['scripts/start.mjs'], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      EMEND_DATA_DIR: path.join(dir, 'desk'),
      DATABASE_URL: '',
      PORT: String(DESK_PORT),
      EMEND_ADMIN_PASSWORD: PASSWORD,
      EMEND_SEED_DEMO: '0',
      EXTRACTION_API_URL: `http://127.0.0.1:${PROXY_PORT}`,
      EXTRACTION_API_KEY: key,
      NEXT_TELEMETRY_DISABLED: '1',
    },
  });
  children.push(desk);
  await waitFor(`${DESK}/login`, desk);
});

test.afterAll(async () => {
  for (const child of children.reverse()) {
    child.kill('SIGTERM');
    await new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)));
  }
  await new Promise((r) => proxy?.close(r));
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a desk on a v3 service without the listing: register the deployment by id, then extract', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await page.goto(`${DESK}/login`);
  await page.getByLabel('Email').fill('admin@emend.local');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(`${DESK}/`);

  // No listing: no deployments, and the form says so instead of failing.
  await page.goto(`${DESK}/upload`);
  await expect(page.getByText('No deployments are known yet')).toBeVisible();

  await page.goto(`${DESK}/settings/deployments`);
  await page.getByLabel('Deployment id').fill(INVOICES);
  await page.getByLabel('Name', { exact: true }).fill('Remote invoices');
  await page.getByRole('button', { name: 'Register deployment' }).click();
  await expect(page.getByText('Registered “Remote invoices”')).toBeVisible();

  await page.goto(`${DESK}/upload`);
  await page.getByLabel('Deployment').selectOption({ label: 'Remote invoices' });
  const file = path.join(dir, 'remote.txt');
  fs.writeFileSync(
    file,
    'INVOICE\nInvoice number: REMOTE-77\nInvoice date: 2026-10-02\nCurrency: EUR\nSubtotal: 10.00\nTax: 2.00\nTotal: 12.00\n',
  );
  await page.getByLabel('Document').setInputFiles(file);
  await page.getByRole('button', { name: 'Extract' }).click();
  await expect(page).toHaveURL(/\/entries\/[0-9a-f-]{36}$/, { timeout: 90_000 });
  // Without a schema the form is built from the entry's data.
  await expect(page.locator('[data-pointer="/invoice_number"]')).toHaveValue('REMOTE-77');
});
