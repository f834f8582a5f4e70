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
 * Run by the benchmark: `node --import tsx scripts/bench/baseline-server.ts` with PORT,
 * DATABASE_URL and SHOPIFY_API_SECRET set.
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import http from "node:http";
import { createBenchPrismaClient } from "./prisma-client";

const databaseUrl = process.env.DATABASE_URL ?? "";
const secret = process.env.SHOPIFY_API_SECRET ?? "";
const port = Number(process.env.PORT ?? 0);
const MAX_BODY_BYTES = 1_000_000;

const prisma = createBenchPrismaClient(databaseUrl);

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
  await prisma.webhookDelivery.create({
    data: {
      shop,
      topic,
      webhookId,
      eventId: header("x-shopify-event-id") ?? null,
      triggeredAt: Number.isNaN(triggeredAt.getTime()) ? null : triggeredAt,
      outcome: "processed",
      shopifyOrderId,
    },
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
await prisma.$connect();
server.listen(port, "127.0.0.1", () => console.log(`baseline listening on ${port}`));

async function shutdown() {
  server.close();
  server.closeIdleConnections();
  await prisma.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
