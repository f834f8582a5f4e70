/**
 * `npm run demo`: the app on SQLite with a demo shop installed, entirely offline.
 * Migrates a demo database, builds, seeds the shop's offline session, starts the production server
 * in demo mode and prints the URL that opens the embedded admin in a browser. Ctrl-C stops it all.
 *
 * Options: --port N (default 3000), --no-build (reuse build/).
 */
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { getJwt } from "@shopify/shopify-api/test-helpers";
import { DEMO_API_KEY, DEMO_API_SECRET, DEMO_DIR, DEMO_SHOP, demoEnvironment } from "./demo/settings";

const { values } = parseArgs({
  options: { port: { type: "string", default: "3000" }, "no-build": { type: "boolean", default: false } },
});
const port = Number(values.port);
const env = { ...process.env, ...demoEnvironment(port) };

function step(message: string) {
  console.log(`\u2022 ${message}`);
}

fs.mkdirSync(DEMO_DIR, { recursive: true });
step("migrating the demo database (SQLite)");
execFileSync("npx", ["prisma", "migrate", "deploy"], { env, stdio: "ignore" });
if (!values["no-build"]) {
  step("building the app");
  execFileSync("npx", ["remix", "build"], { env, stdio: "ignore" });
}

step(`installing the demo shop ${DEMO_SHOP}`);
Object.assign(process.env, env);
const { default: prisma } = await import("../app/db.server");
await prisma.session.upsert({
  where: { id: `offline_${DEMO_SHOP}` },
  update: {},
  create: {
    id: `offline_${DEMO_SHOP}`,
    shop: DEMO_SHOP,
    state: "",
    isOnline: false,
    scope: env.SHOPIFY_SCOPES ?? "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products",
    accessToken: "shpat_demo_offline_token",
  },
});
await prisma.$disconnect();

step("starting the app");
const app = spawn(process.execPath, ["server.js"], { env, stdio: ["ignore", "inherit", "inherit"] });

// A long-lived session token so the printed link keeps working for the whole demo.
const { token } = await getJwt(DEMO_SHOP.replace(".myshopify.com", ""), DEMO_API_KEY, DEMO_API_SECRET, {
  exp: Math.floor(Date.now() / 1000) + 12 * 3600,
});
const host = Buffer.from(`admin.shopify.com/store/${DEMO_SHOP.replace(".myshopify.com", "")}`).toString("base64");
const adminUrl = `${env.SHOPIFY_APP_URL}/app?${new URLSearchParams({ embedded: "1", shop: DEMO_SHOP, host, id_token: token })}`;

setTimeout(() => {
  console.log(`\nOpen the app's admin in a browser:\n\n  ${adminUrl}\n\nCtrl-C stops everything.`);
}, 1500);

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  app.kill("SIGTERM");
}
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
app.on("exit", (code) => process.exit(code ?? 0));
