/**
 * Run by the benchmark as a child process (`node --import tsx`), with the environment of the
 * database to prepare: installs the bench shop and connects it to the running HyperSKU simulator
 * the way the app does after the authorization page (token exchange with an issued code, stored
 * sealed), as tests/support/connected-shop.ts does. No Shopify session is created: the webhooks
 * need none, and without one the reconciliation job cannot reach out to a real Shopify.
 */
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
await replaceTokenSet(shop, tokenResponseToTokenSet(response, new Date()));
await setHyperskuStatus(shop, "connected");
// The template file is copied per phase: fold the write-ahead log into it first.
if (getDatabaseEngine(process.env.DATABASE_URL ?? "") === "sqlite") await prisma.$queryRawUnsafe("PRAGMA wal_checkpoint(TRUNCATE)");
await prisma.$disconnect();
console.log(`connected ${shop}`);
