/**
 * When the database cannot take a webhook's write (disk full, read-only, unreachable), every
 * webhook route answers 503 with Retry-After, so Shopify delivers it again, and stores nothing;
 * the log names the fault, never the payload. Shopify's redelivery succeeds once storage is back.
 * The fault is faked at the first database call of each route (the storage engineer's tests
 * fill a real disk).
 */
import prisma from "~/models/db/client.server";
import { STORAGE_RETRY_AFTER_SECONDS } from "~/integrations/shopify/webhook-route.server";
import { capturedLogLines } from "../support/logs";
import type * as IntakeModel from "~/models/intake.server";
import type * as SessionModel from "~/models/session.server";
import type * as WebhookDeliveryModel from "~/models/webhook-delivery.server";
import { installShop } from "../support/connected-shop";
import { resetDatabase } from "../support/database";
import { callRoute } from "../support/routes";
import { createWebhookRequest, TEST_SHOP } from "../support/shopify";
import { buildWebhookPayload, listWebhookRoutes } from "../support/webhook-payloads";

const fault = vi.hoisted(() => ({ error: null as unknown }));

vi.mock("~/models/webhook-delivery.server", async (importOriginal) => {
  const actual = await importOriginal<typeof WebhookDeliveryModel>();
  return {
    ...actual,
    findDelivery: (...args: Parameters<typeof actual.findDelivery>) =>
      fault.error ? Promise.reject(fault.error) : actual.findDelivery(...args),
  };
});
// The lean intake's first statement (docs/decisions/0025).
vi.mock("~/models/intake.server", async (importOriginal) => {
  const actual = await importOriginal<typeof IntakeModel>();
  return {
    ...actual,
    recordDeliveryAndLockOrder: (...args: Parameters<typeof actual.recordDeliveryAndLockOrder>) =>
      fault.error ? Promise.reject(fault.error) : actual.recordDeliveryAndLockOrder(...args),
  };
});
vi.mock("~/models/session.server", async (importOriginal) => {
  const actual = await importOriginal<typeof SessionModel>();
  return {
    ...actual,
    deleteSessionsForShop: (shop: string) => (fault.error ? Promise.reject(fault.error) : actual.deleteSessionsForShop(shop)),
  };
});

/** What a full disk looks like once Prisma's SQLite adapter has wrapped it. */
const diskFull = () =>
  Object.assign(new Error("\nInvalid `prisma.webhookDelivery.findFirst()` invocation:\n\n\ndatabase or disk is full"), {
    name: "PrismaClientKnownRequestError",
    cause: { code: "SQLITE_FULL", message: "database or disk is full" },
  });

async function countAllRows() {
  const counts = await Promise.all([prisma.webhookDelivery.count(), prisma.order.count(), prisma.job.count(), prisma.session.count()]);
  return counts.reduce((sum, n) => sum + n, 0);
}

beforeEach(async () => {
  fault.error = null;
  await resetDatabase();
  await installShop();
});
afterEach(() => {
  fault.error = null;
});

const routes = listWebhookRoutes();

it("covers every webhook route", () => {
  expect(routes.length).toBeGreaterThanOrEqual(8);
});

describe.each(routes)("$path", ({ module, topic }) => {
  const actionOf = async () => (await import(`../../app/routes/${module}.tsx`)).action;

  it("answers 503 with Retry-After when storage fails, stores nothing, logs the fault without the payload, and takes the redelivery", async () => {
    const action = await actionOf();
    const marker = `payload-marker-${topic}`;
    const delivery = () =>
      createWebhookRequest({ topic, body: { ...buildWebhookPayload(topic, TEST_SHOP), note: marker }, webhookId: `storage-${topic}` });
    const before = await countAllRows();
    capturedLogLines.length = 0;

    fault.error = diskFull();
    const refused = await callRoute(action, delivery());
    expect(refused.status).toBe(503);
    expect(refused.headers.get("Retry-After")).toBe(String(STORAGE_RETRY_AFTER_SECONDS));
    fault.error = null;
    expect(await countAllRows()).toBe(before);
    const logs = capturedLogLines.join("\n");
    expect(logs).toContain("database or disk is full");
    expect(logs).not.toContain(marker);

    // Shopify's redelivery, once the disk has room again.
    expect((await callRoute(action, delivery())).status).toBe(200);
  });

  it("lets any other error through (a bug is a 500, not a retry-later)", async () => {
    const action = await actionOf();
    fault.error = new TypeError("Cannot read properties of undefined");
    await expect(callRoute(action, createWebhookRequest({ topic, body: buildWebhookPayload(topic, TEST_SHOP) }))).rejects.toThrow(
      TypeError,
    );
  });
});
