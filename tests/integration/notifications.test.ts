/**
 * E-mail notifications end to end against a real SMTP server started here (smtp-server, the
 * Nodemailer project's server): the digest reaches the shop's addresses naming each order with its
 * fix, nothing is sent again while nothing changed, and a refused or deferred delivery leaves the
 * digest unrecorded and its job retried with backoff until the server takes it. A digest the server
 * received but answered only after the app's timeout goes again at most once, 15 minutes later at
 * the earliest, under the same Message-ID. Also the settings form's notification fields and the
 * demo's outbox.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import prisma from "~/models/db/client.server";
import { createAppWorker } from "~/background.server";
import { findQueuedJob, JOB_TYPES } from "~/domain/enqueue.server";
import { getNotificationsView, queueDigestNow, queueDueDigests, sendShopDigest } from "~/domain/notifications/send-digest.server";
import { redactShop } from "~/domain/privacy/redact.server";
import { configureMailer } from "~/integrations/mail/mailer.server";
import { action as settingsAction, loader as settingsLoader } from "~/routes/app.settings/route";
import { createAdminOrder, createParcel, createShopRecord } from "../support/admin-factories";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { capturedLogLines } from "../support/logs";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, TEST_SHOP } from "../support/shopify";
import { parseMail, refusedSmtpUrl, startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

const SMTP_USER = "digest-sender";
const SMTP_PASSWORD = "smtp-pa55word-never-logged";
const ADDRESSES = ["owner@shop.example", "ops@shop.example"];
const DAY = 86_400_000;
const MINUTE = 60_000;
const FROM = "Shop app <app@app.example>";
/** The mailer's patience in the tests of late answers (20 s in production), and the late server's. */
const MAIL_TIMEOUT_MS = 500;
const LATE_ANSWER_MS = 3 * MAIL_TIMEOUT_MS;

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer({ user: SMTP_USER, password: SMTP_PASSWORD });
});

afterAll(async () => {
  configureMailer(null);
  await smtp.close();
});

beforeEach(async () => {
  await resetDatabase();
  smtp.received.length = 0;
  smtp.mode = "accept";
  smtp.dataReplyDelayMs = 0;
  configureMailer({ kind: "smtp", url: smtp.url, from: FROM });
  await createShopRecord(TEST_SHOP, { name: "Test Store" });
  await prisma.shop.update({
    where: { domain: TEST_SHOP },
    data: { notificationEmails: JSON.stringify(ADDRESSES), digestInterval: "hourly" },
  });
});

const shopRow = () => prisma.shop.findUniqueOrThrow({ where: { domain: TEST_SHOP } });

/** One run of the worker, with the digest job made due first (as if its backoff had passed). */
async function runDigestJobOnce() {
  await prisma.job.updateMany({ where: { type: JOB_TYPES.sendDigest, status: "pending" }, data: { runAt: new Date(Date.now() - 1) } });
  return createAppWorker({ workerId: "digest-test" }).runOnce();
}

describe("the notification digest over SMTP", () => {
  it("mails the shop's addresses a digest naming the failed order with its reason, fix and link, then nothing until something changes", async () => {
    const failed = await createAdminOrder({ state: "failed" });
    const noAddress = await createAdminOrder({ state: "needs_attention" });

    await queueDigestNow(TEST_SHOP);
    await drainQueue();

    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0].from).toBe("app@app.example");
    expect(smtp.received[0].to).toEqual(ADDRESSES);
    const mail = await parseMail(smtp.received[0].raw);
    expect(mail.subject).toBe("Test Store: 1 order not sent, 1 order needs you");
    expect(mail.text).toContain(`- ${failed.name}: HyperSKU is temporarily unavailable (503).`);
    expect(mail.text).toMatch(/What to do: Once the cause is fixed .*choose Retry/);
    expect(mail.text).toContain(`- ${noAddress.name}: This order has no shipping address`);
    expect(mail.text).toContain("What to do: Add a shipping address to the order in Shopify, then choose Retry.");
    expect(mail.text).toContain(`/app/orders/${failed.id}?`);
    expect(mail.html).toContain(`<strong>${failed.name}</strong>`);
    const afterFirst = await shopRow();
    expect(afterFirst.lastDigestFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(afterFirst.lastDigestAt).not.toBeNull();

    // A day later nothing changed: no mail, however often the app looks.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastDigestAt: new Date(Date.now() - DAY), lastDigestCheckAt: null } });
    await queueDigestNow(TEST_SHOP);
    await drainQueue();
    expect(smtp.received).toHaveLength(1);

    // Something new (an order waiting for payment at HyperSKU) is news.
    const unpaid = await createAdminOrder({ hyperskuStatus: 1 });
    await queueDigestNow(TEST_SHOP);
    await drainQueue();
    expect(smtp.received).toHaveLength(2);
    const second = await parseMail(smtp.received[1].raw);
    expect(second.subject).toBe("Test Store: 1 order not sent, 1 order needs you, 1 order awaits payment");
    expect(second.text).toContain(`- ${unpaid.name}: HyperSKU is waiting for your payment.`);

    // ...but within the hour since, a further change waits for the interval.
    await createAdminOrder({ state: "failed" });
    await queueDigestNow(TEST_SHOP);
    await drainQueue();
    expect(smtp.received).toHaveLength(2);

    expect(capturedLogLines.join("\n")).not.toContain(SMTP_PASSWORD);
  });

  it("names a lost connection and orders with no tracking after the shop's number of days, not those with tracking or placed long ago", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "reconnect_needed", noTrackingDays: 3 } });
    const late = await createAdminOrder({ hyperskuStatus: 2, createdAt: new Date(Date.now() - 4 * DAY - 3_600_000) });
    const tracked = await createAdminOrder({ hyperskuStatus: 4, createdAt: new Date(Date.now() - 6 * DAY) });
    await createParcel(tracked);
    await createAdminOrder({ hyperskuStatus: 2, createdAt: new Date(Date.now() - DAY) });
    // Placed long ago (past the 90 days the digest looks back): the orders list still shows it.
    const ancient = await createAdminOrder({ hyperskuStatus: 2, createdAt: new Date(Date.now() - 100 * DAY) });

    expect(await sendShopDigest(TEST_SHOP)).toEqual({ kind: "done" });

    const mail = await parseMail(smtp.received[0].raw);
    expect(mail.subject).toBe("Test Store: HyperSKU disconnected, 1 order without tracking");
    expect(mail.text).toMatch(/HYPERSKU IS DISCONNECTED\n.*reconnect HyperSKU/);
    expect(mail.text).toContain(`- ${late.name}: Sent to HyperSKU 4 days ago; no tracking number yet.`);
    expect(mail.text).not.toContain(tracked.name);
    expect(mail.text).not.toContain(ancient.name);
  });

  it("keeps the digest when the server refuses it (550) or defers it (451): no fingerprint saved, the job retried with backoff, delivered once the server takes it", async () => {
    await createAdminOrder({ state: "failed" });
    await queueDigestNow(TEST_SHOP);

    smtp.mode = "refuse_recipients_550";
    expect(await runDigestJobOnce()).toBe(1);
    let job = await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP);
    expect(job).toMatchObject({ status: "pending", attempts: 1, lastError: "The mail server refused the message (SMTP 550)." });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());
    let shop = await shopRow();
    expect(shop).toMatchObject({ lastDigestAt: null, lastDigestFingerprint: null, lastDigestUnconfirmedId: null });
    expect(shop.lastDigestError).toContain("Recipient address rejected");

    // The scheduler leaves a job waiting for its backoff alone.
    const runAt = job!.runAt;
    await queueDueDigests(new Date(Date.now() + 3_600_000));
    expect((await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP))!.runAt).toEqual(runAt);

    smtp.mode = "defer_data_451";
    await runDigestJobOnce();
    job = await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP);
    expect(job).toMatchObject({ status: "pending", attempts: 2, lastError: "The mail server deferred the message (SMTP 451)." });
    expect(await shopRow()).toMatchObject({ lastDigestFingerprint: null, lastDigestUnconfirmedId: null });
    expect(smtp.received).toHaveLength(0);

    smtp.mode = "accept";
    await runDigestJobOnce();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP)).toBeNull();
    expect(smtp.received).toHaveLength(1);
    shop = await shopRow();
    expect(shop.lastDigestFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(shop.lastDigestError).toBeNull();
    expect(capturedLogLines.join("\n")).not.toContain(SMTP_PASSWORD);
  });

  it("does not resend blindly a digest the server received but answered after the app's timeout: one copy at most, after 15 minutes, with the same Message-ID", async () => {
    const logsFrom = capturedLogLines.length;
    configureMailer({ kind: "smtp", url: smtp.url, from: FROM, timeoutMs: MAIL_TIMEOUT_MS });
    smtp.dataReplyDelayMs = LATE_ANSWER_MS;
    await createAdminOrder({ state: "failed" });
    await queueDigestNow(TEST_SHOP);

    const sentAt = Date.now();
    expect(await runDigestJobOnce()).toBe(1);
    // The server has the message; the app never heard so.
    expect(smtp.received).toHaveLength(1);
    const messageId = (await parseMail(smtp.received[0])).messageId;
    expect(messageId).toMatch(/^<digest\.[0-9a-f]{32}@app\.example>$/);
    let shop = await shopRow();
    expect(shop).toMatchObject({ lastDigestAt: null, lastDigestFingerprint: null, lastDigestUnconfirmedId: messageId });
    expect(shop.lastDigestError).toMatch(
      /did not confirm it, so it may have reached you\. It is sent again no sooner than 15 minutes later/,
    );
    expect((await getNotificationsView(TEST_SHOP)).unconfirmedSentAt).not.toBeNull();
    let job = await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP);
    expect(job).toMatchObject({ status: "pending", attempts: 0 });
    expect(job!.lastError).toContain("The mail server received the message but did not confirm it (ETIMEDOUT).");
    expect(job!.runAt.getTime()).toBeGreaterThanOrEqual(sentAt + 15 * MINUTE);

    // However often the worker or the schedule comes by before then, nothing more goes out.
    await runDigestJobOnce();
    await queueDueDigests(new Date(Date.now() + 3_600_000));
    await runDigestJobOnce();
    expect(smtp.received).toHaveLength(1);
    job = await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP);
    expect(job!.runAt).toEqual(new Date(shop.lastDigestUnconfirmedAt!.getTime() + 15 * MINUTE));

    // 15 minutes on (the stored time moved back) the server still answers late: one copy, same Message-ID...
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastDigestUnconfirmedAt: new Date(Date.now() - 15 * MINUTE - 1) } });
    await runDigestJobOnce();
    expect(smtp.received).toHaveLength(2);
    expect((await parseMail(smtp.received[1])).messageId).toBe(messageId);
    // ...unconfirmed as well, so the digest counts as sent: no third copy, however long the app looks.
    shop = await shopRow();
    expect(shop).toMatchObject({ lastDigestUnconfirmedId: null, lastDigestError: null });
    expect(shop.lastDigestFingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect((await getNotificationsView(TEST_SHOP)).unconfirmedSentAt).toBeNull();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP)).toBeNull();
    expect(capturedLogLines.slice(logsFrom).join("\n")).toContain("notification digest unconfirmed twice");
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastDigestAt: new Date(Date.now() - DAY), lastDigestCheckAt: null } });
    await queueDigestNow(TEST_SHOP);
    await drainQueue();
    expect(smtp.received).toHaveLength(2);
    expect(capturedLogLines.join("\n")).not.toContain(SMTP_PASSWORD);
  });

  it("sends the unconfirmed digest's copy under the same Message-ID once the server answers in time, and logs that the first may have arrived", async () => {
    const logsFrom = capturedLogLines.length;
    configureMailer({ kind: "smtp", url: smtp.url, from: FROM, timeoutMs: MAIL_TIMEOUT_MS });
    smtp.dataReplyDelayMs = LATE_ANSWER_MS;
    await createAdminOrder({ state: "failed" });
    await queueDigestNow(TEST_SHOP);
    await runDigestJobOnce();
    const messageId = (await parseMail(smtp.received[0])).messageId;

    smtp.dataReplyDelayMs = 0;
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastDigestUnconfirmedAt: new Date(Date.now() - 15 * MINUTE - 1) } });
    await runDigestJobOnce();
    expect(smtp.received).toHaveLength(2);
    const copy = await parseMail(smtp.received[1]);
    expect(copy.messageId).toBe(messageId);
    expect(copy.subject).toBe("Test Store: 1 order not sent");
    const shop = await shopRow();
    expect(shop).toMatchObject({ lastDigestUnconfirmedId: null, lastDigestError: null });
    expect(shop.lastDigestAt).not.toBeNull();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP)).toBeNull();
    const copyLog = capturedLogLines.slice(logsFrom).find((line) => line.includes("notification digest sent again"));
    expect(copyLog).toContain("may have arrived too");
    expect(copyLog).toContain(messageId!.replace(/[<>]/g, ""));
  });

  it("retries with backoff, not after the wait, a digest whose connection was refused: nothing reached a server", async () => {
    configureMailer({ kind: "smtp", url: await refusedSmtpUrl(), from: FROM, timeoutMs: MAIL_TIMEOUT_MS });
    await createAdminOrder({ state: "failed" });
    await queueDigestNow(TEST_SHOP);

    const before = Date.now();
    await runDigestJobOnce();
    const job = await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP);
    expect(job).toMatchObject({ status: "pending", attempts: 1 });
    expect(job!.lastError).toMatch(/^The mail server could not be reached/);
    expect(job!.runAt.getTime()).toBeLessThan(before + MINUTE);
    expect(await shopRow()).toMatchObject({ lastDigestUnconfirmedId: null, lastDigestFingerprint: null });

    configureMailer({ kind: "smtp", url: smtp.url, from: FROM, timeoutMs: MAIL_TIMEOUT_MS });
    await runDigestJobOnce();
    expect(smtp.received).toHaveLength(1);
    expect((await parseMail(smtp.received[0])).messageId).toMatch(/^<digest\.[0-9a-f]{32}@app\.example>$/);
    expect((await shopRow()).lastDigestFingerprint).toMatch(/^[0-9a-f]{64}$/);
  });

  it("is queued by the schedule only for installed shops with addresses, and not at all while mail is off", async () => {
    await createShopRecord("quiet.myshopify.com");
    await queueDueDigests();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP)).not.toBeNull();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, "quiet.myshopify.com")).toBeNull();

    await prisma.job.deleteMany({});
    configureMailer({ kind: "off" });
    await queueDueDigests();
    expect(await findQueuedJob(JOB_TYPES.sendDigest, TEST_SHOP)).toBeNull();
  });

  it("writes the digest to the outbox folder as an .eml file in the demo's way", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    configureMailer({ kind: "outbox", dir, from: "Demo <demo@app.example>" });
    const failed = await createAdminOrder({ state: "failed" });
    await sendShopDigest(TEST_SHOP);
    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files[0]).toMatch(/\.eml$/);
    expect(files[1]).toBe(files[0].replace(/\.eml$/, ".txt"));
    const mail = await parseMail(fs.readFileSync(path.join(dir, files[0])));
    expect(mail.subject).toBe("Test Store: 1 order not sent");
    expect(mail.text).toContain(failed.name);
    const plain = fs.readFileSync(path.join(dir, files[1]), "utf8");
    expect(plain).toMatch(/^To: owner@shop\.example, ops@shop\.example\nSubject: Test Store: 1 order not sent\n/);
    expect(plain).toContain(`- ${failed.name}: HyperSKU is temporarily unavailable (503).`);
    expect((await shopRow()).lastDigestFingerprint).not.toBeNull();
  });
});

describe("shop/redact", () => {
  it("erases the merchant's notification addresses with the rest of the shop's data", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { lastDigestError: "550 <owner@shop.example> rejected" } });
    await redactShop(TEST_SHOP);
    const shop = await shopRow();
    expect(shop).toMatchObject({ notificationEmails: "[]", lastDigestError: null });
    expect(await sendShopDigest(TEST_SHOP)).toEqual({ kind: "done" });
    expect(smtp.received).toHaveLength(0);
  });
});

describe("settings: notifications", () => {
  const fields = (overrides: Record<string, string>): [string, string][] =>
    Object.entries({
      forwardTrigger: "paid",
      holdMinutes: "0",
      skipTestOrders: "true",
      excludedTags: "",
      notifyCustomer: "true",
      platformCode: "",
      notificationEmails: "",
      digestInterval: "daily",
      noTrackingDays: "5",
      ...overrides,
    });
  const post = async (overrides: Record<string, string>) =>
    callRoute(
      settingsAction,
      await createBearerRequest("/app/settings", TEST_SHOP, { method: "POST", body: new URLSearchParams(fields(overrides)) }),
    );

  beforeEach(async () => {
    await createSession({ shop: TEST_SHOP });
  });

  it("stores the addresses, interval and days, and shows them back with where mail goes", async () => {
    const response = await post({
      notificationEmails: "a@shop.example; B@shop.example,\nb@shop.example",
      digestInterval: "six_hours",
      noTrackingDays: "12",
    });
    expect(response.status).toBe(200);
    const shop = await shopRow();
    expect(JSON.parse(shop.notificationEmails)).toEqual(["a@shop.example", "B@shop.example"]);
    expect(shop).toMatchObject({ digestInterval: "six_hours", noTrackingDays: 12 });
    const form = await (await callRoute(settingsLoader, await createBearerRequest("/app/settings", TEST_SHOP))).json();
    expect(form.values).toMatchObject({
      notificationEmails: "a@shop.example, B@shop.example",
      digestInterval: "six_hours",
      noTrackingDays: "12",
    });
    expect(form.notifications.delivery).toEqual({ kind: "smtp", server: `127.0.0.1:${smtp.port}` });
    expect(JSON.stringify(form)).not.toContain(SMTP_PASSWORD);
  });

  it("answers each bad notification field with its own error and saves nothing", async () => {
    const response = await post({
      notificationEmails: "a@shop.example, not-an-address",
      digestInterval: "weekly",
      noTrackingDays: "31",
    });
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      notificationEmails: '"not-an-address" is not an e-mail address.',
      digestInterval: "Choose how often you may get an e-mail.",
      noTrackingDays: "Enter a whole number of days from 1 to 30.",
    });
    const tooMany = await post({ notificationEmails: "1@a.example, 2@a.example, 3@a.example, 4@a.example, 5@a.example, 6@a.example" });
    expect((await tooMany.json()).errors).toEqual({ notificationEmails: "Enter at most 5 addresses." });
    expect((await post({ noTrackingDays: "" })).status).toBe(400);
    expect(JSON.parse((await shopRow()).notificationEmails)).toEqual(ADDRESSES);
  });

  it("says on the settings page that notifications are off when no mail server is configured", async () => {
    configureMailer({ kind: "off" });
    const form = await (await callRoute(settingsLoader, await createBearerRequest("/app/settings", TEST_SHOP))).json();
    expect(form.notifications.delivery).toEqual({ kind: "off" });
  });
});
