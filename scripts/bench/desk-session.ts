import type { Browser, BrowserContext, Page } from '@playwright/test';

/** The desk benchmarks' window: a laptop screen, so layout costs match what reviewers see. */
export const BENCH_VIEWPORT = { width: 1280, height: 800 };

/**
 * A browser context signed in to the desk at `baseUrl` as the first admin (admin@emend.local,
 * whose password the benchmark set), through the login form, on the dashboard.
 */
export async function signedInAsAdmin(
  browser: Browser,
  baseUrl: string,
  password: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: BENCH_VIEWPORT });
  const page = await context.newPage();
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('Email').fill('admin@emend.local');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${baseUrl}/`);
  return { context, page };
}
