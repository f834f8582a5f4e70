/**
 * Run by the benchmark as a child process (`node --import tsx`, DATABASE_URL set): what one query
 * costs through Prisma on this machine, one at a time with nothing else running, so the report can
 * say where intake time goes. Prints one JSON line: milliseconds per ORM insert, per ORM read by
 * key, and per raw INSERT of the same row through the same client (`$executeRaw`, which skips
 * Prisma's query compiler).
 */
import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import { createBenchPrismaClient } from "./prisma-client";

const prisma = createBenchPrismaClient(process.env.DATABASE_URL ?? "");
const RUNS = 500;
const WARMUP = 100;
let sequence = 0;

function row() {
  sequence += 1;
  return {
    shop: "query-cost.myshopify.com",
    topic: "orders/create",
    webhookId: `query-cost-${sequence}`,
    eventId: `query-cost-event-${sequence}`,
    triggeredAt: new Date(),
    outcome: "processed",
    shopifyOrderId: String(sequence),
  };
}

async function msPerCall(call: () => Promise<unknown>): Promise<number> {
  for (let i = 0; i < WARMUP; i += 1) await call();
  const started = performance.now();
  for (let i = 0; i < RUNS; i += 1) await call();
  return (performance.now() - started) / RUNS;
}

await prisma.$connect();
const ormInsertMs = await msPerCall(() => prisma.webhookDelivery.create({ data: row() }));
const ormReadMs = await msPerCall(() => prisma.shop.findUnique({ where: { domain: `absent-${sequence++}.myshopify.com` } }));
const rawInsertMs = await msPerCall(() => {
  const r = row();
  return prisma.$executeRaw`INSERT INTO "WebhookDelivery" ("id", "shop", "topic", "webhookId", "eventId", "triggeredAt", "receivedAt", "outcome", "shopifyOrderId")
    VALUES (${randomUUID()}, ${r.shop}, ${r.topic}, ${r.webhookId}, ${r.eventId}, ${r.triggeredAt}, ${new Date()}, ${r.outcome}, ${r.shopifyOrderId})`;
});
await prisma.$disconnect();
console.log(JSON.stringify({ ormInsertMs, ormReadMs, rawInsertMs }));
