/**
 * The intake baseline: a bare `node:http` server doing the least a webhook receiver must do. It
 * verifies the same HMAC (SHA-256 of the raw body with the app secret, base64, constant-time
 * compare), checks the same headers, reads the order id from the body and inserts the same
 * `WebhookDelivery` row (same table, same columns) through Prisma with the same driver adapter as
 * the app: the app's own SQLite adapter (app/models/db/sqlite-adapter.server.ts: better-sqlite3, WAL,
 * serialized) or `@prisma/adapter-pg` with the generated PostgreSQL client. What it leaves out is
 * what the app adds on top: Express and Remix, the duplicate check, the order record and its job in
 * one serializable transaction.
 *
 * With BASELINE_INSERT=driver it inserts the same row through the driver directly instead, the
 * fastest a receiver on this database can be: a cached prepared statement on one better-sqlite3
 * connection (WAL), or a `pg` pool's parameterised query. The app is compared with both.
 *
 * Run by the benchmark: `node --import tsx scripts/bench/baseline-server.ts` with PORT,
 * DATABASE_URL, SHOPIFY_API_SECRET (and BASELINE_INSERT) set.
 */
import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import http from "node:http";
import Database from "better-sqlite3";
import pg from "pg";
import { getDatabaseEngine, getSqliteFilePath } from "~/models/db/database-url";
import { createBenchPrismaClient } from "./prisma-client";

const databaseUrl = process.env.DATABASE_URL ?? "";
const secret = process.env.SHOPIFY_API_SECRET ?? "";
const port = Number(process.env.PORT ?? 0);
const MAX_BODY_BYTES = 1_000_000;

type DeliveryRow = {
  shop: string;
  topic: string;
  webhookId: string;
  eventId: string | null;
  triggeredAt: Date | null;
  shopifyOrderId: string | null;
};

const COLUMNS = `"id", "shop", "topic", "webhookId", "eventId", "triggeredAt", "receivedAt", "outcome", "shopifyOrderId"`;
const values = (row: DeliveryRow) => [
  randomUUID(),
  row.shop,
  row.topic,
  row.webhookId,
  row.eventId,
  row.triggeredAt,
  new Date(),
  "processed",
  row.shopifyOrderId,
];

/** How the row is inserted, and how the connection is opened and closed. */
function createInserter(): {
  insert: (row: DeliveryRow) => Promise<unknown>;
  connect: () => Promise<unknown>;
  close: () => Promise<unknown>;
} {
  if (process.env.BASELINE_INSERT !== "driver") {
    const prisma = createBenchPrismaClient(databaseUrl);
    return {
      insert: (row) => prisma.webhookDelivery.create({ data: { ...row, outcome: "processed" } }),
      connect: () => prisma.$connect(),
      close: () => prisma.$disconnect(),
    };
  }
  if (getDatabaseEngine(databaseUrl) === "postgresql") {
    const pool = new pg.Pool({ connectionString: databaseUrl });
    const text = `INSERT INTO "WebhookDelivery" (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`;
    return { insert: (row) => pool.query(text, values(row)), connect: () => pool.query("SELECT 1"), close: () => pool.end() };
  }
  const db = new Database(getSqliteFilePath(databaseUrl), { timeout: 5_000 });
  db.pragma("journal_mode = WAL");
  const statement = db.prepare(`INSERT INTO "WebhookDelivery" (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  // Dates as the app's adapter stores them (ISO-8601 text with a numeric zone).
  const text = (value: unknown) => (value instanceof Date ? value.toISOString().replace("Z", "+00:00") : value);
  return {
    insert: async (row) => statement.run(values(row).map(text)),
    connect: async () => undefined,
    close: async () => db.close(),
  };
}

const inserter = createInserter();

function signatureMatches(body: Buffer, received: string | undefined): boolean {
  if (!received) return false;
  const expected = Buffer.from(createHmac("sha256", secret).update(body).digest("base64"));
  const actual = Buffer.from(received);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

function answer(res: http.ServerResponse, status: number) {
  res.writeHead(status, { "Content-Length": "0" });
  res.end();
}

async function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  if (req.method !== "POST") return answer(res, 405);
  const body = await readBody(req);
  if (!body) return answer(res, 413);
  const header = (name: string) => {
    const value = req.headers[name];
    return typeof value === "string" ? value : undefined;
  };
  if (!signatureMatches(body, header("x-shopify-hmac-sha256"))) return answer(res, 401);
  const shop = header("x-shopify-shop-domain")?.toLowerCase();
  const topic = header("x-shopify-topic");
  const webhookId = header("x-shopify-webhook-id");
  if (!shop || !topic || !webhookId) return answer(res, 400);
  let shopifyOrderId: string | null = null;
  try {
    const id = (JSON.parse(body.toString("utf8")) as { id?: unknown }).id;
    shopifyOrderId = typeof id === "number" || typeof id === "string" ? String(id) : null;
  } catch {
    // Recorded without an order id, as the app records a malformed payload.
  }
  const triggeredAt = new Date(header("x-shopify-triggered-at") ?? "");
  await inserter.insert({
    shop,
    topic,
    webhookId,
    eventId: header("x-shopify-event-id") ?? null,
    triggeredAt: Number.isNaN(triggeredAt.getTime()) ? null : triggeredAt,
    shopifyOrderId,
  });
  answer(res, 200);
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    console.error("baseline: request failed", error);
    if (!res.headersSent) answer(res, 500);
  });
});
// Prisma connects lazily; connect first so the first measured request does not pay for it.
await inserter.connect();
server.listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));

async function shutdown() {
  server.close();
  server.closeIdleConnections();
  await inserter.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
