/**
 * Pages of the harness's headless Chromium for browser journeys: every request the page makes is
 * recorded; leaving loopback is a test failure.
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, BrowserContextOptions, Locator, Page } from "playwright-core";
import { launchBrowser } from "../../simulators/harness/browser";
import { BROWSER_USER_AGENT } from "../../simulators/harness/embedded-admin";
import { embeddedAppUrl, TEST_SHOP } from "./shopify";

export { launchBrowser };

export const SCREENSHOT_DIR = path.resolve("test-results/screenshots");

/** `consoleErrors`: what the page logged as an error (React's hydration errors among them). */
export type TrackedPage = { page: Page; offLoopbackRequests: string[]; pageErrors: string[]; consoleErrors: string[] };

const CLIENT_ERROR_ANSWER = /^Failed to load resource: the server responded with a status of 4\d\d\b/;

/** `options`: e.g. the browser's `timezoneId` and `locale` (the machine's by default). */
export async function openTrackedPage(browser: Browser, options: BrowserContextOptions = {}): Promise<TrackedPage> {
  // authenticate.admin answers 410 to bot user agents, HeadlessChrome included.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, userAgent: BROWSER_USER_AGENT, ...options });
  const page = await context.newPage();
  const offLoopbackRequests: string[] = [];
  const pageErrors: string[] = [];
  const consoleErrors: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (!["127.0.0.1", "localhost"].includes(url.hostname) && url.protocol !== "data:") {
      offLoopbackRequests.push(request.url());
    }
  });
  page.on("pageerror", (error) => pageErrors.push(error.message));
  page.on("console", (message) => {
    // Chromium logs every 4xx answer as an error: a journey causes those on purpose (a form's field
    // errors, an order of another shop). A 5xx, and everything the page itself logs, count.
    if (message.type() === "error" && !CLIENT_ERROR_ANSWER.test(message.text())) {
      consoleErrors.push(`${message.text()} (${message.location().url})`);
    }
  });
  return { page, offLoopbackRequests, pageErrors, consoleErrors };
}

export async function saveScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * After each journey's test: none of its pages asked for anything off the machine, threw, or logged
 * an error (React's hydration errors among them). Empties `tracked` for the next test.
 */
export function expectCleanPages(tracked: TrackedPage[]): void {
  for (const { offLoopbackRequests, pageErrors, consoleErrors } of tracked.splice(0)) {
    expect(offLoopbackRequests).toEqual([]);
    expect(pageErrors).toEqual([]);
    expect(consoleErrors).toEqual([]);
  }
}

/**
 * Opens a Polaris index table's search ("Search and filter …") and returns its field. A click that
 * lands before the page has hydrated does nothing, so it is clicked again (up to three times).
 */
export async function openIndexSearch(page: Page, placeholder: string): Promise<Locator> {
  const field = page.getByPlaceholder(placeholder);
  for (let attempt = 1; ; attempt++) {
    await page.getByRole("button", { name: /^Search and filter/ }).click();
    const opened = await field.waitFor({ timeout: 5_000 }).then(
      () => true,
      () => false,
    );
    if (opened || attempt === 3) return field;
  }
}

/**
 * A tracked page of the embedded app at `pathname` (for the test shop, from the app at `appUrl`),
 * `width` px wide; added to `tracked` for expectCleanPages.
 */
export async function openEmbeddedPage(
  browser: Browser,
  tracked: TrackedPage[],
  appUrl: string,
  pathname: string,
  width = 1280,
): Promise<Page> {
  const trackedPage = await openTrackedPage(browser, { viewport: { width, height: 900 } });
  tracked.push(trackedPage);
  await trackedPage.page.goto(await embeddedAppUrl(pathname, TEST_SHOP, appUrl));
  return trackedPage.page;
}
