/**
 * Run by the benchmark as a child process (`node --import tsx`), with the environment of the
 * database to prepare: installs the bench shop and connects it to the running HyperSKU simulator
 * the way the app does after the authorization page (token exchange with an issued code, stored
 * sealed), as tests/support/connected-shop.ts does. It also stores the shop's offline Shopify
 * session, as an install does: sending an order asks Shopify (the bench's Shopify twin, through the
 * fetch preload) where its lines ship from and for its variants' facts.
 */
import { randomUUID } from "node:crypto";
import { Session } from "@shopify/shopify-api";
import { sessionStorage } from "~/shopify.server";
import { getDatabaseEngine } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import { getHypersku } from "~/domain/connection/hypersku.server";
import { tokenResponseToTokenSet } from "~/integrations/hypersku/token-set";
import { replaceTokenSet } from "~/models/hypersku-connection.server";
import { ensureShop, setHyperskuStatus } from "~/models/shop.server";

const shop = process.env.BENCH_SHOP ?? "";
const code = process.env.BENCH_AUTH_CODE ?? "";
if (!shop || !code) throw new Error("BENCH_SHOP and BENCH_AUTH_CODE are required");

const response = await getHypersku().client.accessToken({ code, shop });
await ensureShop(shop);
const offline = new Session({
  id: `offline_${shop}`,
  shop,
  state: "",
  isOnline: false,
  accessToken: `shpat_${randomUUID().replace(/-/g, "")}`,
});
offline.scope =
  process.env.SHOPIFY_SCOPES ??
  "read_orders,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders,read_products,read_locations,write_inventory";
await sessionStorage.storeSession(offline);
await replaceTokenSet(shop, tokenResponseToTokenSet(response, new Date()));
await setHyperskuStatus(shop, "connected");
// The template file is copied per phase: fold the write-ahead log into it first.
if (getDatabaseEngine(process.env.DATABASE_URL ?? "") === "sqlite") await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
await prisma.$disconnect();
console.log(`connected ${shop}`);
