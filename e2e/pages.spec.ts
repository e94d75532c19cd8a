import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './fixtures/axe';
import { signIn } from './fixtures/session';

const shots = path.join(import.meta.dirname, '.artifacts', 'screenshots');
const shot = (page: Page, name: string) => page.screenshot({ path: path.join(shots, `pages-${name}.png`) });

/** Console errors and uncaught exceptions of a page, collected while the test runs. */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  return errors;
}

/** The first link on `listPath` whose address matches `pattern` (a detail page to visit). */
async function firstDetail(page: Page, listPath: string, pattern: RegExp): Promise<string> {
  await page.goto(listPath);
  const hrefs = await page
    .locator('main a[href]')
    .evaluateAll((as) => as.map((a) => a.getAttribute('href') ?? ''));
  const href = hrefs.find((h) => pattern.test(h));
  expect(href, `a link matching ${pattern} on ${listPath}`).toBeTruthy();
  return href!;
}

test('every page passes axe (no serious or critical violation) at 1280×800 with no console errors', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await page.goto('/login');
  await expectNoAxeViolations(page, testInfo, '/login');
  await signIn(page);

  const pages = [
    '/',
    '/entries',
    await firstDetail(page, '/entries', /^\/entries\/[0-9a-f-]{36}/),
    '/upload',
    '/runs',
    '/settings',
    '/settings/users',
    '/service',
    '/service/structures',
    await firstDetail(page, '/service/structures', /^\/service\/structures\/[0-9a-f-]{36}$/),
    '/service/structures/new',
    '/service/deployments',
    await firstDetail(page, '/service/deployments', /^\/service\/deployments\/[0-9a-f-]{36}$/),
    '/service/accounts',
    await firstDetail(page, '/service/accounts', /^\/service\/accounts\/[0-9a-f-]{36}$/),
  ];
  for (const url of pages) {
    const response = await page.goto(url);
    expect(response?.status(), url).toBe(200);
    await expect(page.locator('h1').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Nothing wider than the window: usable at 1280×800 without scrolling sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${url} scrolls sideways`).toBeLessThanOrEqual(0);
    await expectNoAxeViolations(page, testInfo, url);
    await shot(page, url === '/' ? 'dashboard' : url.slice(1).replaceAll('/', '-').slice(0, 60));
  }
  expect(errors).toEqual([]);
});

test('the entries list: search, filters, sorting, keyboard moves and bulk approve', async ({
  page,
}, testInfo) => {
  const errors = watchConsole(page);
  await signIn(page);
  await page.goto('/entries');
  const total = Number(await page.getByTestId('entry-total').textContent());
  expect(total).toBeGreaterThanOrEqual(3);

  // Search finds a field value (the invoice number), not only names; the address keeps it.
  await page.getByLabel('Search').fill('INV-2041');
  await page.getByLabel('Search').press('Enter');
  await expect(page).toHaveURL(/\/entries\?q=INV-2041$/);
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(1);
  await expect(page.getByRole('link', { name: 'northwind-INV-2041.txt' })).toBeVisible();
  await page.getByRole('link', { name: 'Clear' }).click();
  await expect(page).toHaveURL(/\/entries$/);
  await expect(page.getByTestId('entry-total')).toHaveText(String(total));

  // Choosing a status applies at once; the option shows how many it gives.
  const status = page.getByLabel('Status');
  const withErrors = await status
    .locator('option', { hasText: /^completed with errors \(\d+\)$/ })
    .textContent();
  const expected = Number(withErrors!.match(/\((\d+)\)/)![1]);
  await status.selectOption('completed_with_errors');
  await expect(page).toHaveURL(/status=completed_with_errors/);
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(expected);
  await page.getByRole('link', { name: 'Clear' }).click();

  // Sorting by errors, most first; the header says so to assistive technology.
  await page.getByRole('link', { name: /^Errors/ }).click();
  await expect(page).toHaveURL(/sort=errors/);
  await expect(page.getByRole('columnheader', { name: /Errors/ })).toHaveAttribute('aria-sort', 'descending');
  const counts = await page.locator('tr[data-entry-id] td:nth-child(4)').allTextContents();
  expect(counts.map(Number)).toEqual([...counts.map(Number)].sort((a, b) => b - a));

  // Bulk approve skips entries with errors, and says so before anything happens.
  await page.goto('/entries?q=blue-yonder');
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(1);
  await page.getByRole('checkbox', { name: 'Select every entry on this page' }).check();
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  const skipped = page.getByRole('dialog', { name: 'Nothing to approve' });
  await expect(skipped).toContainText('1 entry with errors will be skipped');
  await page.keyboard.press('Escape');
  await expect(skipped).toHaveCount(0);

  // Keyboard: j/k move, x selects, Shift+A approves the selection (after saying how many).
  await page.goto('/entries?q=northwind');
  await expect(page.locator('tr[data-entry-id]')).toHaveCount(1);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await page.keyboard.press('j');
  const row = page.locator('tr[data-entry-id]').first();
  await expect(row).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('x');
  await expect(row.getByRole('checkbox')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Approve selected (1)' })).toBeEnabled();
  await shot(page, 'entries-selected');
  await page.keyboard.press('Shift+A');
  const confirm = page.getByRole('dialog', { name: 'Approve 1 entry?' });
  await confirm.getByRole('button', { name: 'Approve 1 entry' }).click();
  await expect(page.getByRole('status').filter({ hasText: /^Approved 1 entry\.$/ })).toBeVisible();
  await expect(row.getByText('approved')).toBeVisible();
  await expectNoAxeViolations(page, testInfo, '/entries with a selection');

  // Approving it again is skipped, and said so.
  await page.keyboard.press('x');
  await page.getByRole('button', { name: 'Approve selected (1)' }).click();
  const nothing = page.getByRole('dialog', { name: 'Nothing to approve' });
  await expect(nothing).toContainText('1 entry already approved or still being extracted.');
  await expect(nothing.getByRole('button', { name: 'Approve 0 entries' })).toBeDisabled();
  await page.keyboard.press('Escape');
  await expect(nothing).toHaveCount(0);

  // The help overlay lists the shortcuts; Enter opens the active entry with the list as its queue.
  await page.keyboard.press('?');
  await expect(page.getByRole('dialog', { name: 'Keyboard shortcuts' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/entries\/[0-9a-f-]{36}\?queue=q%3Dnorthwind$/);
  await expect(page.getByRole('link', { name: '← Entries' })).toHaveAttribute('href', '/entries?q=northwind');

  // "Review next" opens the oldest entry still to review under the filters.
  await page.goto('/entries?q=litware');
  await page.getByRole('link', { name: 'Review next' }).click();
  await expect(page).toHaveURL(/\/entries\/[0-9a-f-]{36}\?queue=q%3Dlitware$/);
  await expect(page.getByRole('heading', { name: /litware-0093\.txt/ })).toBeVisible();
  expect(errors).toEqual([]);
});
