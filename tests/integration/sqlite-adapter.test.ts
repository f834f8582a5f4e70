import prisma from "~/db.server";
import { resetDatabase } from "../support/database";

beforeEach(resetDatabase);

describe("the SQLite adapter shared by everything in one process", () => {
  it("keeps a write made outside a transaction when another caller's transaction rolls back", async () => {
    let insideTransaction!: () => void;
    const transactionOpen = new Promise<void>((resolve) => (insideTransaction = resolve));
    let releaseTransaction!: () => void;
    const holdTransaction = new Promise<void>((resolve) => (releaseTransaction = resolve));

    const failing = prisma
      .$transaction(async (tx) => {
        await tx.shop.create({ data: { domain: "rolled-back.myshopify.com" } });
        insideTransaction();
        await holdTransaction;
        throw new Error("roll back");
      })
      .catch((error: Error) => error.message);

    await transactionOpen;
    // Issued while the transaction is open, on the same connection, outside it.
    const outside = prisma.shop.create({ data: { domain: "kept.myshopify.com" } });
    await new Promise((resolve) => setTimeout(resolve, 50));
    releaseTransaction();

    expect(await failing).toBe("roll back");
    await outside;
    const domains = (await prisma.shop.findMany()).map((shop) => shop.domain);
    expect(domains).toEqual(["kept.myshopify.com"]);
  });

  it("runs in WAL mode", async () => {
    const [mode] = await prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    expect(mode.journal_mode).toBe("wal");
  });
});
