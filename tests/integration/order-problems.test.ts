/**
 * Problems the merchant can act on (issue 19), through the admin's loaders and actions as the
 * embedded app calls them: an order's problems with their fixes and links; marking one resolved or
 * ignored with a note (which the timeline shows) takes it off the dashboard and out of the e-mail
 * digest (read from a real SMTP server); a new problem on the same order shows again. And the
 * first-run setup guide: its steps tick from real state, the merchant ticks the others, dismissing
 * it is remembered for the shop.
 */
import prisma from "~/models/db/client.server";
import { queueDigestNow } from "~/domain/notifications/send-digest.server";
import { configureMailer } from "~/integrations/mail/mailer.server";
import { HYPERSKU_STATUS } from "~/domain/orders/hypersku-status";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/app._index/route";
import { action as orderAction, loader as orderLoader } from "~/routes/app.orders.$id/route";
import { loader as appLoader } from "~/routes/app";
import { action as settingsAction } from "~/routes/app.settings/route";
import { createAdminOrder, createShopRecord } from "../support/admin-factories";
import { resetDatabase } from "../support/database";
import { createSession } from "../support/factories";
import { drainQueue } from "../support/queue";
import { callRoute } from "../support/routes";
import { createBearerRequest, TEST_SHOP } from "../support/shopify";
import { parseMail, startTestSmtpServer, type TestSmtpServer } from "../support/smtp";

type RouteFn = Parameters<typeof callRoute>[0];
type Problem = { key: string; title: string; fix: string; links: { label: string; url: string }[] };
type Dashboard = {
  problems: { id: string; title: string; action: { label: string; url?: string } }[];
  setupGuide: { completed: number; steps: { id: string; done: boolean }[] } | null;
};

const get = async (fn: RouteFn, path: string, params: Record<string, string> = {}) =>
  callRoute(fn, await createBearerRequest(path, TEST_SHOP), params);
const post = async (fn: RouteFn, path: string, fields: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(fn, await createBearerRequest(path, TEST_SHOP, { method: "POST", body: new URLSearchParams(fields) }), params);

const orderPage = async (id: string) =>
  (await (await get(orderLoader, `/app/orders/${id}`, { id })).json()) as {
    problems: Problem[];
    timeline: { title: string; message: string | null }[];
  };
const dashboard = async () => (await (await get(dashboardLoader, "/app")).json()) as Dashboard;
const settle = async (id: string, intent: string, problemKey: string, note: string) =>
  (await (await post(orderAction, `/app/orders/${id}`, { intent, problemKey, note }, { id })).json()) as {
    ok: boolean;
    message: string;
    field?: string;
  };

let smtp: TestSmtpServer;

beforeAll(async () => {
  smtp = await startTestSmtpServer({ user: "problems", password: "problems-password" });
});

afterAll(async () => {
  configureMailer(null);
  await smtp.close();
});

beforeEach(async () => {
  await resetDatabase();
  await createSession({ shop: TEST_SHOP });
  await createShopRecord(TEST_SHOP, { name: "Test Store" });
  smtp.received.length = 0;
  configureMailer({ kind: "smtp", url: smtp.url, from: "app@app.example" });
});

describe("problems the merchant can act on", () => {
  it("an order's problem comes with its fix and links; resolved with a note, it leaves the dashboard, shows on the timeline, and a new problem shows again", async () => {
    const order = await createAdminOrder({ state: "needs_attention" });
    const [problem] = (await orderPage(order.id)).problems;
    expect(problem.fix).toBe("Add a shipping address to the order in Shopify, then choose Retry.");
    expect(problem.links).toContainEqual({
      label: "Open the order in Shopify",
      url: `shopify://admin/orders/${order.shopifyOrderId}`,
      external: false,
    });
    expect((await dashboard()).problems.map((entry) => entry.id)).toContain("needs_attention");

    // A note is required: the answer names the field and nothing is recorded.
    expect(await settle(order.id, "resolve_problem", problem.key, "  ")).toMatchObject({ ok: false, field: "note" });
    expect(await settle(order.id, "resolve_problem", problem.key, "Added the address by phone with the customer.")).toMatchObject({
      ok: true,
    });

    const after = await orderPage(order.id);
    expect(after.problems).toEqual([]);
    expect(after.timeline).toContainEqual(
      expect.objectContaining({
        title: "Problem marked resolved",
        message: expect.stringContaining("Added the address by phone with the customer."),
      }),
    );
    expect((await dashboard()).problems.map((entry) => entry.id)).not.toContain("needs_attention");
    // Settled twice: the second answer says it changed, and records nothing more.
    expect(await settle(order.id, "ignore_problem", problem.key, "again")).toMatchObject({ ok: false });

    // The same order with another problem: shown again, on the page and on the dashboard.
    await prisma.order.update({
      where: { id: order.id },
      data: { stateCode: "missing_city", stateReason: "The shipping address has no city." },
    });
    expect((await orderPage(order.id)).problems.map((entry) => entry.key)).toEqual(["needs_attention:missing_city"]);
    expect((await dashboard()).problems.map((entry) => entry.id)).toContain("needs_attention");
  });

  it("an ignored unpaid order leaves the digest; the dashboard sends the others to pay at HyperSKU", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { notificationEmails: JSON.stringify(["owner@shop.example"]) } });
    const ignored = await createAdminOrder({ hyperskuStatus: HYPERSKU_STATUS.pendingPayment });
    const other = await createAdminOrder({ hyperskuStatus: HYPERSKU_STATUS.pendingPayment });
    const [problem] = (await orderPage(ignored.id)).problems;
    expect(problem.links.map((link) => link.label)).toEqual(["Pay at HyperSKU", "Open the order at HyperSKU", "Open the order in Shopify"]);
    expect(await settle(ignored.id, "ignore_problem", problem.key, "Customer asked us to wait until Friday.")).toMatchObject({ ok: true });

    const unpaid = (await dashboard()).problems.find((entry) => entry.id === "pending_payment")!;
    expect(unpaid.title).toBe("1 order waits for your payment at HyperSKU");
    expect(unpaid.action).toMatchObject({ label: "Pay at HyperSKU", url: expect.stringMatching(/\/order\/list\?status=unpaid$/) });

    await queueDigestNow(TEST_SHOP);
    await drainQueue();
    expect(smtp.received).toHaveLength(1);
    const mail = await parseMail(smtp.received[0]);
    expect(mail.subject).toBe("Test Store: 1 order awaits payment");
    expect(mail.text).toContain(`- ${other.name}:`);
    expect(mail.text).not.toContain(`- ${ignored.name}:`);
    expect(mail.text).toMatch(/Pay at HyperSKU: http\S+\/order\/list\?status=unpaid/);
  });

  it("refuses a problem key the order does not have, and another shop's order", async () => {
    const order = await createAdminOrder({ state: "failed" });
    expect(await settle(order.id, "resolve_problem", "needs_attention:no_shipping_address", "note")).toMatchObject({ ok: false });
    expect(
      (await post(orderAction, "/app/orders/nope", { intent: "resolve_problem", problemKey: "x", note: "n" }, { id: "nope" })).status,
    ).toBe(404);
    expect(await prisma.orderEvent.count({ where: { kind: "problem" } })).toBe(0);
  });
});

describe("the first-run setup guide", () => {
  it("replaces the red 'connect' banner, ticks from real state and the merchant's marks, and stays dismissed", async () => {
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "not_connected" } });
    await createAdminOrder({ state: "held" });

    let view = await dashboard();
    expect(view.setupGuide?.completed).toBe(0);
    expect(view.problems.map((entry) => entry.id)).not.toContain("connection");
    const banner = ((await (await get(appLoader, "/app")).json()) as { banner: { firstRun: boolean } | null }).banner;
    expect(banner).toMatchObject({ title: "Connect HyperSKU", firstRun: true });

    await post(dashboardAction, "/app", { intent: "mark_setup_step", step: "products", done: "true" });
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "connected" } });
    await createAdminOrder({ hyperskuStatus: HYPERSKU_STATUS.processing });
    view = await dashboard();
    expect(view.setupGuide?.steps.filter((step) => step.done).map((step) => step.id)).toEqual(["connect", "products", "test_order"]);
    // Only the steps the app cannot see may be marked.
    expect((await post(dashboardAction, "/app", { intent: "mark_setup_step", step: "connect", done: "true" })).status).toBe(400);

    // Saving the settings ticks "Review what is sent and when".
    const settings = {
      forwardTrigger: "paid",
      holdMinutes: "0",
      skipTestOrders: "true",
      excludedTags: "",
      notifyCustomer: "true",
      platformCode: "",
      notificationEmails: "",
      digestInterval: "daily",
      noTrackingDays: "5",
    };
    expect((await post(settingsAction, "/app/settings", settings)).status).toBe(200);
    expect((await dashboard()).setupGuide?.completed).toBe(4);

    await post(dashboardAction, "/app", { intent: "dismiss_setup_guide" });
    expect((await dashboard()).setupGuide).toBeNull();
    // Dismissed, a lost connection is a red banner again.
    await prisma.shop.update({ where: { domain: TEST_SHOP }, data: { hyperskuStatus: "not_connected" } });
    expect((await dashboard()).problems.map((entry) => entry.id)).toContain("connection");
  });
});
