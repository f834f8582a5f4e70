// The migration to (type, subject) keys, run again on rows in the old form: a deploy must never
// admit a second pending job for work that is already queued under its old key.
import fs from "node:fs";
import prisma from "~/models/db/client.server";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import { jobKey } from "~/queue";
import { migrationStatements, resetDatabase } from "../support/database";

const MIGRATION = "20261123060000_job_keys";
const SHOP = "keys-shop.myshopify.com";

async function runMigration() {
  for (const statement of migrationStatements(MIGRATION)) await prisma.$executeRawUnsafe(statement);
}

const oldJob = (type: string, uniqueKey: string | null, subjectId: string | null, status = "pending") =>
  prisma.job.create({ data: { type, uniqueKey, subjectId, status, shop: SHOP } });

beforeEach(async () => {
  await resetDatabase();
});

describe("the job keys migration", () => {
  it("rewrites the keys of pending and running jobs to type:subject, and leaves finished jobs keyless", async () => {
    const forward = await oldJob(JOB_TYPES.forwardOrder, "forward:order-1", "order-1");
    const fulfill = await oldJob(JOB_TYPES.fulfillParcels, "fulfill:order-1", "order-1", "running");
    const address = await oldJob(JOB_TYPES.changeAddress, "address:order-1", "order-1");
    const cancel = await oldJob(JOB_TYPES.cancelAtHypersku, "cancel:order-1", "order-1");
    const sync = await oldJob(JOB_TYPES.syncOrders, `sync:${SHOP}`, SHOP);
    const reconcile = await oldJob(JOB_TYPES.reconcileOrders, `reconcile:${SHOP}`, SHOP);
    const redact = await oldJob(JOB_TYPES.redactShop, `redact-shop:${SHOP}`, SHOP);
    const refresh = await oldJob(JOB_TYPES.refreshHyperskuTokens, "refresh-hypersku-tokens", null);
    const compact = await oldJob(JOB_TYPES.compactDatabase, "compact-database", null);
    const done = await oldJob(JOB_TYPES.forwardOrder, null, "order-2", "succeeded");
    const run = await prisma.backfill.create({ data: { shop: SHOP, createdFrom: new Date(0), createdTo: new Date(1), status: "running" } });
    const backfill = await oldJob(JOB_TYPES.backfillOrders, `backfill:${SHOP}`, run.id);

    await runMigration();

    const keyOf = async (id: string) => (await prisma.job.findUniqueOrThrow({ where: { id } })).uniqueKey;
    expect(await keyOf(forward.id)).toBe(jobKey(JOB_TYPES.forwardOrder, "order-1"));
    expect(await keyOf(fulfill.id)).toBe(jobKey(JOB_TYPES.fulfillParcels, "order-1"));
    expect(await keyOf(address.id)).toBe(jobKey(JOB_TYPES.changeAddress, "order-1"));
    expect(await keyOf(cancel.id)).toBe(jobKey(JOB_TYPES.cancelAtHypersku, "order-1"));
    expect(await keyOf(sync.id)).toBe(jobKey(JOB_TYPES.syncOrders, SHOP));
    expect(await keyOf(reconcile.id)).toBe(jobKey(JOB_TYPES.reconcileOrders, SHOP));
    expect(await keyOf(redact.id)).toBe(jobKey(JOB_TYPES.redactShop, SHOP));
    expect(await keyOf(refresh.id)).toBe(jobKey(JOB_TYPES.refreshHyperskuTokens));
    expect(await keyOf(compact.id)).toBe(jobKey(JOB_TYPES.compactDatabase));
    expect(await keyOf(done.id)).toBeNull();
    // The backfill job's subject becomes the shop (one run per shop), its run found from there.
    expect(await prisma.job.findUniqueOrThrow({ where: { id: backfill.id } })).toMatchObject({
      subjectId: SHOP,
      uniqueKey: jobKey(JOB_TYPES.backfillOrders, SHOP),
    });

    // Queued again after the deploy, the same work finds the migrated job.
    expect(await enqueue(JOB_TYPES.forwardOrder, { shop: SHOP, subjectId: "order-1" })).toEqual({ id: forward.id, created: false });
    expect(await enqueue(JOB_TYPES.backfillOrders, { subjectId: SHOP })).toEqual({ id: backfill.id, created: false });
    expect(await enqueue(JOB_TYPES.refreshHyperskuTokens)).toEqual({ id: refresh.id, created: false });
  });

  it("is the same SQL on SQLite and PostgreSQL", () => {
    expect(fs.readFileSync(`prisma/postgres/migrations/${MIGRATION}/migration.sql`, "utf8")).toBe(
      fs.readFileSync(`prisma/migrations/${MIGRATION}/migration.sql`, "utf8"),
    );
  });
});
