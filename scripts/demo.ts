/**
 * `npm run demo`: a whole order journey you can watch, offline, on SQLite.
 *
 * Starts the HyperSKU simulator and the Shopify stand-in (Admin GraphQL fake + signed webhooks),
 * installs and connects a demo shop, starts the production server in demo mode (with its job
 * worker), then plays a day of orders: signed webhooks (some twice), an order HyperSKU rejects, one
 * without an address, one edited and one cancelled after sending, HyperSKU shipping everything
 * (one order split in two parcels), tracking coming back as Shopify fulfillments. Prints a live log,
 * the final table, then keeps the app running and prints the admin's URL until Ctrl-C (with --exit it
 * stops after the day instead, and prints no URL that would be dead). The merchant's notification
 * e-mail (a digest of what needs them) is written to <data-dir>/outbox as an .eml file (and a
 * plain-text copy), whose path is printed.
 *
 * Options: scripts/demo/options.ts (`npm run demo -- --help`); a bad one stops it with exit code 2.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { startHyperskuSimulator } from "../simulators/hypersku/server";
import { startShopifyAdminServer } from "../simulators/shopify/admin-server";
import { createWebhookSender } from "../simulators/shopify/webhook-sender";
import { imageDataUri } from "../simulators/harness/pictures";
import { DEMO_CATALOGUE } from "../simulators/shopify/product-catalogue";
import type { DemoOrder } from "./demo/day";
import { launchSettingsOf } from "./lib/launch-settings";
import { DEMO_USAGE, parseDemoOptions } from "./demo/options";
import { DEMO_API_KEY, DEMO_API_SECRET, DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DEMO_SHOP, demoEnvironment } from "./demo/settings";

const parsed = parseDemoOptions(process.argv.slice(2));
if (!parsed.ok) {
  if (parsed.help) console.log(DEMO_USAGE);
  else console.error(`demo: ${parsed.error}\n\n${DEMO_USAGE}`);
  process.exit(parsed.help ? 0 : 2);
}
const { orders: orderCount, speed, port, build, exit } = parsed.options;
const dataDir = path.resolve(parsed.options.dataDir);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms / speed));
const log = (message: string) => console.log(`${new Date().toISOString().slice(11, 19)}  ${message}`);

fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });
// No mail server in the demo: the app writes each e-mail it would send into this folder.
const outboxDir = path.join(dataDir, "outbox");
const env: NodeJS.ProcessEnv = { ...process.env, ...demoEnvironment(port, dataDir), MAIL_OUTBOX_DIR: outboxDir };
delete env.SMTP_URL;

// --- the offline twins ------------------------------------------------------------------------
const hypersku = await startHyperskuSimulator({
  clientId: DEMO_CLIENT_ID,
  clientSecret: DEMO_CLIENT_SECRET,
  redirectUri: `${env.SHOPIFY_APP_URL}/hypersku/callback`,
  // A duplicate create would show as a second HyperSKU order: the app must never send one.
  duplicateCreate: "create-duplicate",
  stateFile: path.join(dataDir, "hypersku-simulator.json"),
});
const shopify = await startShopifyAdminServer();
// The admin pages load App Bridge from the Shopify twin, as they would from Shopify's CDN.
env.APP_BRIDGE_URL = shopify.appBridgeUrl;
log(`HyperSKU simulator at ${hypersku.url}, Shopify stand-in at ${shopify.url}`);

// --- database, build, demo shop -----------------------------------------------------------------
execFileSync(process.execPath, ["scripts/db/migrate.mjs"], { env, stdio: "ignore" });
if (build) {
  log("building the app");
  execFileSync("npx", ["remix", "build"], { env, stdio: "ignore" });
}
Object.assign(process.env, env);
const { default: prisma } = await import("../app/models/db/client.server");
const { configureHypersku } = await import("../app/domain/connection/hypersku.server");
const { connectWithAuthorizationCode } = await import("../app/domain/connection/connection.server");
const { queueShopSync } = await import("../app/domain/tracking/sync-orders.server");
const { collectResults, formatTable, fulfillmentsInShopify } = await import("./demo/report");
const { buildDemoDay, DEMO_DAY_COUNTRIES, DEMO_DAY_PRODUCTS } = await import("./demo/day");
const { queueDigestNow } = await import("../app/domain/notifications/send-digest.server");
const { startCatalogueSync } = await import("../app/domain/catalogue/sync.server");

await prisma.session.create({
  data: {
    id: `offline_${DEMO_SHOP}`,
    shop: DEMO_SHOP,
    state: "",
    isOnline: false,
    scope:
      "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products,read_locations,write_inventory",
    accessToken: "shpat_demo_offline_token",
  },
});
await prisma.shop.create({
  data: {
    domain: DEMO_SHOP,
    name: "HyperSKU Demo Store",
    notifyCustomer: true,
    notificationEmails: JSON.stringify(["merchant@hypersku-demo.invalid"]),
    digestInterval: "hourly",
  },
});
configureHypersku({ apiUrl: hypersku.url, authorizeUrl: `${hypersku.url}/application/auth` });
await connectWithAuthorizationCode(DEMO_SHOP, hypersku.control.issueAuthorizationCode());
log(`demo shop ${DEMO_SHOP} installed and connected to HyperSKU`);

// --- the app (web + inline worker) --------------------------------------------------------------
// Started as `npm start` starts it: the memory settings chosen in docs/decisions/0023-heap-limits.md.
const web = launchSettingsOf("start");
const app: ChildProcess = spawn(process.execPath, [...web.nodeFlags, "server.js"], {
  env: {
    ...env,
    ...web.env,
    HYPERSKU_API_URL: hypersku.url,
    HYPERSKU_AUTHORIZE_URL: `${hypersku.url}/application/auth`,
    SHOPIFY_ADMIN_FAKE_URL: shopify.url,
    NODE_OPTIONS: `--import=${path.resolve("simulators/shopify/admin-fetch-preload.mjs")}`,
    JOB_RETRY_BASE_MS: String(Math.round(2_000 / speed)),
  },
  stdio: ["ignore", "pipe", "inherit"],
});
// However the demo ends (a step timing out, say), the app it started ends with it.
process.once("exit", () => app.exitCode === null && app.kill("SIGTERM"));
await new Promise<void>((resolve, reject) => {
  app.stdout!.on("data", (chunk: Buffer) => chunk.toString().includes("app listening") && resolve());
  app.once("exit", (code) => reject(new Error(`the app exited with ${code}`)));
});

let stopping = false;
async function stopEverything(code = 0) {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
  await new Promise((resolve) => (app.exitCode !== null ? resolve(null) : app.once("exit", resolve)));
  await Promise.all([hypersku.close(), shopify.close(), prisma.$disconnect()]);
  process.exit(code);
}
process.on("SIGINT", () => void stopEverything(0));
process.on("SIGTERM", () => void stopEverything(0));

// --- the catalogue: what HyperSKU knows of the store's products (the Products page) ---------------
// Offline, the store's pictures are drawn inline: a browser on the demo never leaves the machine.
for (const [index, product] of DEMO_CATALOGUE.entries()) {
  const picture = imageDataUri(["#2c6ecb", "#8a6116", "#1f7a4d"][index % 3], product.title.split(" ")[0]);
  shopify.fake.putProduct(DEMO_SHOP, {
    ...product,
    featuredImageUrl: picture,
    variants: product.variants.map((variant) => ({ ...variant, imageUrl: null })),
  });
}
// The day's products are in the store and sourced at HyperSKU, shipping to the customers' countries.
for (const product of DEMO_DAY_PRODUCTS) {
  shopify.fake.putProduct(DEMO_SHOP, product);
  const variants = product.variants.map((variant) => ({ storeVariantId: String(variant.id), title: variant.title }));
  const countries = DEMO_DAY_COUNTRIES.map((countryCode) => ({ countryCode, regionCodes: null }));
  hypersku.control.sourceProduct(String(product.id), {
    title: product.title,
    variants,
    skus: variants.map(({ storeVariantId }) => ({ storeVariantId, countries })),
  });
}
await startCatalogueSync(DEMO_SHOP);
await waitFor("the catalogue sync", async () => (await prisma.catalogueSync.findUnique({ where: { shop: DEMO_SHOP } }))?.state === "idle");
const catalogue = await prisma.catalogueVariant.groupBy({ by: ["sourcing"], where: { shop: DEMO_SHOP }, _count: { _all: true } });
log(`✓ catalogue synced: ${catalogue.map((group) => `${group._count._all} ${group.sourcing}`).join(", ")} (the Products page)`);

// --- the day -------------------------------------------------------------------------------------
const send = createWebhookSender({ appUrl: env.SHOPIFY_APP_URL!, secret: DEMO_API_SECRET });
const day = buildDemoDay(orderCount);
const byCase = (kind: DemoOrder["case"]) => day.find((order) => order.case === kind)!;
const recordOf = (demo: DemoOrder) => prisma.order.findFirst({ where: { shop: DEMO_SHOP, shopifyOrderId: String(demo.payload.id) } });

async function waitFor(what: string, check: () => Promise<boolean>, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`demo: timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function deliver(demo: DemoOrder, topic: string, body = demo.payload, again = false) {
  const first = await send({ topic, shop: DEMO_SHOP, body });
  let note = `${first.status} in ${first.ms.toFixed(0)} ms`;
  if (again) {
    const repeat = await send({ topic, shop: DEMO_SHOP, body, webhookId: first.webhookId, eventId: first.eventId });
    note += `, delivered again: ${repeat.status}`;
  }
  log(`→ ${topic} ${demo.payload.name} (${demo.country}, ${demo.case}): ${note}`);
}

/**
 * Shopify's own webhooks after a change the twin saw (the app's fulfillments, the merchant's edits and
 * cancellations): delivered as Shopify delivers them, each signed, every one answered.
 */
async function deliverShopifyFollowUps() {
  const waiting = shopify.fake.webhooks.take();
  for (const delivery of waiting) {
    const sent = await send(delivery);
    if (sent.status !== 200) throw new Error(`demo: the app answered ${sent.status} to Shopify's ${delivery.topic}`);
  }
  return waiting.length;
}

// The day's orders are placed in Shopify; the demo delivers each one's orders/create itself (some
// twice) below, and Shopify's other webhooks about them (the order's first update, its payment)
// carry nothing new here.
for (const demo of day) shopify.fake.placeOrder(DEMO_SHOP, demo.payload);
shopify.fake.webhooks.take();

// HyperSKU refuses the first order it is sent, in its own words.
hypersku.control.setFault("createOrderFromExternal", {
  reject: { status: 40010, message: "SKU LTP-SAGE cannot be sourced for this destination" },
  times: 1,
});
await deliver(byCase("rejected"), "orders/create");
await waitFor("HyperSKU's answer to the first order", async () => (await recordOf(byCase("rejected")))?.state === "needs_attention");
log(`✗ ${byCase("rejected").payload.name} needs attention: HyperSKU refused it`);

for (const [index, demo] of day.entries()) {
  if (demo.case === "rejected") continue;
  await deliver(demo, "orders/create", demo.payload, index % 3 === 0);
  await pause(150);
}
const shippable = day.filter((demo) => demo.case !== "rejected" && demo.case !== "no_address");
await waitFor("every shippable order to reach HyperSKU", async () => {
  const sent = await prisma.order.count({ where: { shop: DEMO_SHOP, state: "sent" } });
  return sent === shippable.length;
});
for (const demo of shippable) log(`✓ ${demo.payload.name} is at HyperSKU as order ${(await recordOf(demo))?.hyperskuOrderId}`);
log(`✗ ${byCase("no_address").payload.name} not sent: it has no shipping address`);
await pause(1_000);

// --- a product HyperSKU has not sourced yet (docs/decisions/0027) -----------------------------------
// HyperSKU's catalogue has the Linen Tote Bag linked but not sourced. The app learns that, an order
// for it waits as "needs sourcing" with the product named, and goes out by itself once HyperSKU has
// sourced it and the catalogue says so (here the catalogue's refresh is run by hand).
{
  const { refreshHyperskuSide } = await import("../app/domain/orders/refresh-hypersku-side.server");
  const { recheckCatalogueHolds } = await import("../app/domain/orders/recheck-catalogue-holds.server");
  const { buildToteOrder, TOTE_VARIANT } = await import("./demo/tote-order");
  await refreshHyperskuSide(DEMO_SHOP, [TOTE_VARIANT]);
  const tote = buildToteOrder();
  shopify.fake.placeOrder(DEMO_SHOP, tote.payload);
  shopify.fake.webhooks.take();
  const toteDelivery = await send({ topic: "orders/create", shop: DEMO_SHOP, body: tote.payload });
  log(`→ orders/create ${tote.payload.name} (US, a product HyperSKU has not sourced yet): ${toteDelivery.status}`);
  const toteRecord = () => prisma.order.findFirst({ where: { shop: DEMO_SHOP, shopifyOrderId: String(tote.payload.id) } });
  await waitFor("the tote order to wait for sourcing", async () => (await toteRecord())?.stateCode === "needs_sourcing");
  log(`⏸ ${tote.payload.name} waits: ${(await toteRecord())!.stateReason!.split(". ")[0]}.`);
  await pause(1_000);
  hypersku.control.sourceProduct(TOTE_VARIANT.productId);
  await refreshHyperskuSide(DEMO_SHOP, [TOTE_VARIANT]);
  await recheckCatalogueHolds(DEMO_SHOP, [TOTE_VARIANT.variantId]);
  await waitFor("the tote order to go out once sourced", async () => (await toteRecord())?.state === "sent");
  log(`✓ ${tote.payload.name} went out by itself once HyperSKU sourced it: HyperSKU order ${(await toteRecord())!.hyperskuOrderId}`);
}

// The customer fixes the address of one order; another order is cancelled (and refunded), both in
// Shopify, which tells the app with its own webhooks.
const edited = byCase("edited");
shopify.fake.changeShippingAddress(DEMO_SHOP, String(edited.payload.id), {
  address1: "Marienplatz 1",
  city: "München",
  zip: "80331",
  address2: "3. OG",
});
const cancelled = byCase("cancelled");
shopify.fake.cancelOrder(DEMO_SHOP, String(cancelled.payload.id), { refund: true });
log(
  `→ Shopify: new address for ${edited.payload.name}, ${cancelled.payload.name} cancelled and refunded (${await deliverShopifyFollowUps()} webhooks)`,
);
await waitFor("the address change and the cancellation to reach HyperSKU", async () => {
  const operations = hypersku.control.requests().map((request) => request.operation);
  return operations.includes("updateOrderAddress") && operations.includes("cancelOrder");
});
log(`✓ new address of ${edited.payload.name} passed on to HyperSKU; ${cancelled.payload.name} cancelled at HyperSKU`);
await pause(1_000);

// HyperSKU sources, packs and ships; the split order goes out in two parcels.
for (const demo of shippable) {
  if (demo.case === "cancelled") continue;
  const record = await recordOf(demo);
  hypersku.control.advance(Number(record!.hyperskuOrderId), { to: "shipping", split: demo.case === "split" });
}
log("HyperSKU shipped the orders; the app asks for their status and tracking");
const shipped = shippable.filter((demo) => demo.case !== "cancelled");
const expectedParcels = shipped.length + 1;
await waitFor("tracking to come back as Shopify fulfillments", async () => {
  await prisma.order.updateMany({ where: { shop: DEMO_SHOP, nextSyncAt: { not: null } }, data: { nextSyncAt: new Date() } });
  await queueShopSync(DEMO_SHOP);
  await new Promise((resolve) => setTimeout(resolve, 500));
  return (await prisma.parcel.count({ where: { shop: DEMO_SHOP, fulfillmentState: "created" } })) >= expectedParcels;
});
// Shopify answers each of the app's fulfillments with orders/updated (the units now fulfilled): the
// app must read that as the order's normal course, not as items taken off the order.
log(`→ Shopify: ${await deliverShopifyFollowUps()} webhooks after the app's fulfillments (orders/updated with the units fulfilled)`);
const shippedIds = (await Promise.all(shipped.map(recordOf))).map((record) => record!.id);
const falseProblems = await prisma.order.count({ where: { id: { in: shippedIds }, flagCode: { not: null } } });
log(`${falseProblems === 0 ? "✓" : "✗"} problems flagged on the ${shipped.length} shipped orders: ${falseProblems}`);

// --- the result -----------------------------------------------------------------------------------
const rows = await collectResults(day, DEMO_SHOP);
const duplicates = [
  ...hypersku.control
    .orders()
    .reduce(
      (map, order) => map.set(order.orderBaseInfo.storeOrderId, (map.get(order.orderBaseInfo.storeOrderId) ?? 0) + 1),
      new Map<string, number>(),
    ),
].filter(([, n]) => n > 1);
console.log(`\n${formatTable(rows)}\n`);
console.log(
  `HyperSKU orders: ${hypersku.control.orders().length} (duplicates: ${duplicates.length}); Shopify fulfillments: ${fulfillmentsInShopify(shopify.fake, DEMO_SHOP)}`,
);
fs.writeFileSync(
  path.join(dataDir, "demo-result.json"),
  JSON.stringify(
    { rows, duplicates: duplicates.length, fulfillments: fulfillmentsInShopify(shopify.fake, DEMO_SHOP), falseProblems },
    null,
    2,
  ),
);

// The merchant is away: the app mails them what needs them (here: into the outbox folder).
await queueDigestNow(DEMO_SHOP);
let digestFile: string | undefined;
await waitFor("the notification e-mail", async () => {
  digestFile = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir).find((name) => name.endsWith(".eml")) : undefined;
  return digestFile !== undefined;
});
const digestPath = path.join(outboxDir, digestFile!);
log(`✉ the merchant's e-mail digest (what needs them, each with its fix) is in ${digestPath}`);
log(`  open it with any mail program, or read the plain-text copy: cat ${digestPath.replace(/\.eml$/, ".txt")}`);

if (exit) await stopEverything(0);

const { token } = await getJwt(DEMO_SHOP.replace(".myshopify.com", ""), DEMO_API_KEY, DEMO_API_SECRET, {
  exp: Math.floor(Date.now() / 1000) + 12 * 3600,
});
const host = Buffer.from(`admin.shopify.com/store/${DEMO_SHOP.replace(".myshopify.com", "")}`).toString("base64");
console.log(
  `\nOpen the app's admin (it keeps running until Ctrl-C; the link signs you in for 12 hours):\n\n  ${env.SHOPIFY_APP_URL}/app?${new URLSearchParams({ embedded: "1", shop: DEMO_SHOP, host, id_token: token })}\n`,
);
console.log("Ctrl-C stops everything.");
