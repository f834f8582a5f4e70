// The registry: every type the domain can enqueue has exactly one definition, and the app's
// worker dispatches a queued job to its definition's run.
import prisma from "~/models/db/client.server";
import { logger } from "~/logger.server";
import { createWorker } from "~/queue";
import { resetDatabase } from "../../tests/support/database";
import { enqueue, JOB_TYPES } from "~/domain/enqueue.server";
import { jobDefinitions } from "./index.server";

beforeEach(async () => {
  await resetDatabase();
});

describe("the job registry", () => {
  it("has exactly one definition per job type, and none for a type the domain cannot enqueue", () => {
    const types = Object.values(JOB_TYPES);
    for (const type of types)
      expect(
        jobDefinitions.filter((definition) => definition.type === type),
        type,
      ).toHaveLength(1);
    expect(jobDefinitions).toHaveLength(types.length);
  });

  it("declares for each type its subject and a retry policy of today's 12 attempts", () => {
    for (const definition of jobDefinitions) {
      expect(definition.subject, definition.type).toMatch(/^(order|shop|none)$/);
      expect(definition.retry.maxAttempts, definition.type).toBe(12);
    }
  });

  it("runs a queued job through its definition", async () => {
    const run = vi.spyOn(
      jobDefinitions.find((definition) => definition.type === JOB_TYPES.refreshHyperskuTokens)!,
      "run",
    );
    try {
      const { id } = await enqueue(JOB_TYPES.refreshHyperskuTokens);
      const worker = createWorker({ jobs: jobDefinitions, concurrency: 1, leaseMs: 30_000, perShopConcurrency: 1, logger });
      expect(await worker.runOnce()).toBe(1);
      expect(run).toHaveBeenCalledTimes(1);
      expect(run.mock.calls[0][0]).toMatchObject({ id, type: JOB_TYPES.refreshHyperskuTokens, maxAttempts: 12 });
      expect(await prisma.job.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "succeeded", uniqueKey: null });
    } finally {
      run.mockRestore();
    }
  });

  it("refuses two definitions of one type", () => {
    expect(() =>
      createWorker({ jobs: [jobDefinitions[0], jobDefinitions[0]], concurrency: 1, leaseMs: 1_000, perShopConcurrency: 1, logger }),
    ).toThrow(/Two definitions/);
  });
});
