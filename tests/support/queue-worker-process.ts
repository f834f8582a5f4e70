/**
 * A job worker in a process of its own, for the multi-process test in
 * tests/integration/job-queue.test.ts: `node --import tsx tests/support/queue-worker-process.ts`
 * with DATABASE_URL and the settings below in its environment. Its one job records each run in
 * the test's scratch table "TestExecution" (start, end, the lease it was claimed with).
 */
import prisma from "~/models/db/client.server";
import { logger } from "~/logger.server";
import { createWorker, defineJob } from "~/queue";

// The test file spells the same type; it must not import this file (that would start a worker).
const RECORD_JOB_TYPE = "test.record_execution";

const setting = (name: string, fallback: number) => Number(process.env[name] ?? fallback);
const workerId = process.env.TEST_WORKER_ID ?? `worker-${process.pid}`;
const jobMs = setting("TEST_JOB_MS", 50);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const worker = createWorker({
  workerId,
  concurrency: setting("TEST_CONCURRENCY", 4),
  perShopConcurrency: setting("TEST_PER_SHOP", 2),
  leaseMs: setting("TEST_LEASE_MS", 2_000),
  pollIntervalMs: 50,
  logger,
  jobs: [
    defineJob({
      type: RECORD_JOB_TYPE,
      subject: "none",
      retry: { maxAttempts: 12 },
      run: async (job) => {
        await prisma.$executeRaw`
        INSERT INTO "TestExecution" ("jobId", "worker", "attempt", "startedAt", "leaseUntil")
        VALUES (${job.id}, ${workerId}, ${job.attempts}, ${Date.now()}, ${job.lockedUntil?.getTime() ?? 0})`;
        await sleep(jobMs);
        await prisma.$executeRaw`
        UPDATE "TestExecution" SET "endedAt" = ${Date.now()}
        WHERE "jobId" = ${job.id} AND "worker" = ${workerId} AND "attempt" = ${job.attempts}`;
        return { kind: "done" };
      },
    }),
  ],
});

worker.start();
process.stdout.write("ready\n");

async function shutdown() {
  await worker.stop({ timeoutMs: 5_000 });
  await prisma.$disconnect();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown());
process.on("SIGINT", () => void shutdown());
