/**
 * The e-mail digest as the merchant sees it: sent by the app's job to a real SMTP server started
 * here, read back as a mail program reads it, and its HTML part shown in Chromium (with a
 * screenshot): every order named is a link to its page in the app, next to its fix.
 */
import type { Browser } from "playwright-core";
import prisma from "~/models/db/client.server";
import { queueDigestNow } from "~/domain/notifications/send-digest.server";
import { configureMailer } from "~/integrations/mail/mailer.server";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { launchBrowser, openTrackedPage, saveScreenshot } from "../support/browser";
import { resetDatabase } from "../support/database";
import { drainQueue } from "../support/queue";
import { TEST_SHOP } from "../support/shopify";
import { parseMail, startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

let smtp: TestSmtpServer;
let browser: Browser;

beforeAll(async () => {
  smtp = await startTestSmtpServer({ user: "digest", password: "digest-password" });
  configureMailer({ kind: "smtp", url: smtp.url, from: "HyperSKU for Shopify <notifications@app.example>" });
  browser = await launchBrowser();
});

afterAll(async () => {
  configureMailer(null);
  await browser?.close();
  await smtp?.close();
});

it("arrives at the SMTP server and reads, in a browser, as each order with its reason, fix and link", async () => {
  await resetDatabase();
  await createShopRecord(TEST_SHOP, { name: "Linda's Mugs", hyperskuStatus: "reconnect_needed" });
  await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { notificationEmails: JSON.stringify(["linda@mugs.example"]) } });
  const failed = await createAdminOrder({ state: "failed" });
  const noAddress = await createAdminOrder({ state: "needs_attention" });
  const unpaid = await createAdminOrder({ hyperskuStatus: 1 });

  await queueDigestNow(TEST_SHOP);
  await drainQueue();

  expect(smtp.received).toHaveLength(1);
  expect(smtp.received[0].to).toEqual(["linda@mugs.example"]);
  const mail = await parseMail(smtp.received[0]);
  expect(mail.subject).toBe("Linda's Mugs: HyperSKU disconnected, 1 order not sent, 1 order needs you, 1 order awaits payment");

  const { page, offLoopbackRequests, pageErrors } = await openTrackedPage(browser);
  await page.setContent(mail.html || "");
  for (const order of [failed, noAddress, unpaid]) {
    const link = page.getByRole("link", { name: order.name, exact: true });
    expect(await link.getAttribute("href")).toMatch(new RegExp(`/app/orders/${order.id}\\?`));
  }
  await page.getByRole("heading", { name: "HyperSKU is disconnected" }).waitFor();
  await page.getByText("What to do: Add a shipping address to the order in Shopify, then choose Retry.").waitFor();
  await page.getByRole("link", { name: "Reconnect HyperSKU" }).waitFor();
  // The orders waiting for payment come with where to pay (issue 19).
  expect(await page.getByRole("link", { name: "Pay at HyperSKU" }).getAttribute("href")).toMatch(/\/order\/list\?status=unpaid$/);
  await saveScreenshot(page, "email-digest");
  expect(offLoopbackRequests).toEqual([]);
  expect(pageErrors).toEqual([]);
});
