import fs from "node:fs";
import path from "node:path";
import { PrismaClient } from "@prisma/client";
import type { SqlDriverAdapter, SqlQuery } from "@prisma/driver-adapter-utils";
import { getSqliteFilePath } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import { isStorageFault } from "~/models/storage-fault";
import { createSqliteAdapter } from "~/models/db/sqlite-adapter.server";
import { compactSqliteFile } from "~/models/database.server";
import { resetDatabase } from "../support/database";
import { canMountTmpfs, mountTmpfs, type Tmpfs } from "../support/tmpfs";

beforeEach(resetDatabase);

const databaseFile = () => getSqliteFilePath(process.env.DATABASE_URL!);
const sql = (text: string, args: unknown[] = []): SqlQuery => ({
  sql: text,
  args,
  argTypes: args.map(() => ({ scalarType: "string", arity: "scalar" })),
});
const insertShop = (domain: string) =>
  sql(`INSERT INTO "Shop" ("domain", "updatedAt") VALUES (?, '2026-01-01T00:00:00.000+00:00')`, [domain]);
const microtasks = async (n: number) => {
  for (let i = 0; i < n; i++) await Promise.resolve();
};
/** Resolves with "hang" if `promise` has not settled within `ms`. */
const within = <T>(promise: Promise<T>, ms = 2_000) =>
  Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    new Promise<"hang">((resolve) => setTimeout(() => resolve("hang"), ms)),
  ]);

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

  describe("an outside write arriving while a transaction starts (issue 14, item 6)", () => {
    let adapter: SqlDriverAdapter;
    beforeEach(async () => {
      adapter = await createSqliteAdapter(databaseFile()).connect();
    });
    afterEach(() => adapter.dispose());

    it("survives the transaction's rollback at every await point of the start", async () => {
      const offsets = [...Array.from({ length: 30 }, (_, i) => i), "immediate", "timeout"] as const;
      for (const offset of offsets) {
        const starting = adapter.startTransaction();
        if (offset === "immediate") await new Promise((resolve) => setImmediate(resolve));
        else if (offset === "timeout") await new Promise((resolve) => setTimeout(resolve, 1));
        else await microtasks(offset);
        const outside = adapter.executeRaw(insertShop(`outside-${offset}.myshopify.com`));
        const transaction = await starting;
        await transaction.executeRaw(insertShop(`inside-${offset}.myshopify.com`));
        await transaction.executeRaw(sql("ROLLBACK"));
        await transaction.rollback();
        await outside;
      }
      const rows = await adapter.queryRaw(sql(`SELECT "domain" FROM "Shop" ORDER BY "domain"`));
      const domains = rows.rows.map(([domain]) => String(domain));
      expect(domains.filter((domain) => domain.startsWith("inside"))).toEqual([]);
      expect(domains.filter((domain) => domain.startsWith("outside"))).toHaveLength(offsets.length);
    });
  });

  it("keeps every outside write through Prisma across many rolled-back transactions", async () => {
    const outside: Promise<unknown>[] = [];
    for (let round = 0; round < 25; round++) {
      const failing = prisma
        .$transaction(async (tx) => {
          await tx.shop.create({ data: { domain: `rolled-back-${round}.myshopify.com` } });
          throw new Error("roll back");
        })
        .catch(() => undefined);
      await microtasks(round);
      outside.push(prisma.shop.create({ data: { domain: `kept-${round}.myshopify.com` } }));
      await failing;
    }
    await Promise.all(outside);
    const domains = (await prisma.shop.findMany()).map((shop) => shop.domain);
    expect(domains.filter((domain) => domain.startsWith("rolled-back"))).toEqual([]);
    expect(domains.filter((domain) => domain.startsWith("kept"))).toHaveLength(25);
  });

  it("runs in WAL mode", async () => {
    const [mode] = await prisma.$queryRawUnsafe<{ journal_mode: string }[]>("PRAGMA journal_mode");
    expect(mode.journal_mode).toBe("wal");
  });

  it("takes the write lock when a transaction begins, so two processes never deadlock upgrading a read lock", async () => {
    const [first, second] = await Promise.all([1, 2].map(() => createSqliteAdapter(databaseFile(), { busyTimeoutMs: 100 }).connect()));
    try {
      const transaction = await first.startTransaction();
      // With a deferred BEGIN the second would start, read, and only fail (or deadlock) on its first write.
      const error = await second.startTransaction().catch((e: unknown) => e);
      expect(isStorageFault(error)).toBe(true);
      await transaction.executeRaw(sql("ROLLBACK"));
      await transaction.rollback();
      const next = await second.startTransaction();
      await next.executeRaw(sql("COMMIT"));
      await next.commit();
    } finally {
      await Promise.all([first.dispose(), second.dispose()]);
    }
  });
});

describe("the prepared-statement cache under Prisma", () => {
  it("compacts the file (VACUUM, checkpoint) after Prisma's cached statements ran, and reads the same after", async () => {
    for (let i = 0; i < 3; i++) {
      await prisma.shop.create({ data: { domain: `shop-${i}.myshopify.com` } });
      await prisma.shop.findUnique({ where: { domain: `shop-${i}.myshopify.com` } });
    }
    await prisma.$transaction((tx) => tx.shop.update({ where: { domain: "shop-0.myshopify.com" }, data: { name: "first" } }));
    const before = await prisma.shop.findMany({ orderBy: { domain: "asc" } });
    await compactSqliteFile();
    await compactSqliteFile();
    expect(await prisma.shop.findMany({ orderBy: { domain: "asc" } })).toEqual(before);
    expect(before.map((shop) => shop.name)).toEqual(["first", null, null]);
    // Leave the main file without these rows: the tmpfs tests below copy it without its WAL.
    await prisma.shop.deleteMany();
    await compactSqliteFile();
  });
});

describe("storage faults on SQLite (issue 14, item 9)", () => {
  it("a write that finds the database full fails as a storage fault, and writes work again once space is back", async () => {
    const [{ page_count }] = await prisma.$queryRawUnsafe<{ page_count: bigint }[]>("PRAGMA page_count");
    // This connection may not grow the file past its current size: SQLITE_FULL, as on a full disk.
    await prisma.$queryRawUnsafe(`PRAGMA max_page_count = ${Number(page_count)}`);
    try {
      const big = "x".repeat(64 * 1024);
      const error = await prisma
        .$transaction(async (tx) => {
          await tx.shop.create({ data: { domain: "a.myshopify.com" } });
          await tx.shop.create({ data: { domain: "b.myshopify.com", name: big } });
        })
        .catch((e: unknown) => e);
      expect(isStorageFault(error)).toBe(true);
      expect(await within(prisma.$queryRawUnsafe("SELECT 1"))).not.toBe("hang");
    } finally {
      await prisma.$queryRawUnsafe("PRAGMA max_page_count = 1073741823");
    }
    await prisma.shop.create({ data: { domain: "after.myshopify.com" } });
    await prisma.$transaction((tx) => tx.shop.create({ data: { domain: "after-tx.myshopify.com" } }));
    expect((await prisma.shop.findMany()).map((shop) => shop.domain).sort()).toEqual(["after-tx.myshopify.com", "after.myshopify.com"]);
  });

  describe.runIf(canMountTmpfs())("on a disk that fills up (tmpfs)", () => {
    let disk: Tmpfs;
    let client: PrismaClient;
    beforeEach(async () => {
      disk = mountTmpfs(4 * 1024 * 1024);
      const file = path.join(disk.dir, "db.sqlite");
      fs.copyFileSync(databaseFile(), file);
      client = new PrismaClient({ adapter: createSqliteAdapter(file) });
      await client.shop.create({ data: { domain: "before.myshopify.com" } });
    });
    afterEach(async () => {
      await client.$disconnect();
      disk.unmount();
    });

    it("a COMMIT that fails for want of space wedges nothing: reads go on, and writes resume once space is freed", async () => {
      disk.fill();
      // Small enough to stay in memory until COMMIT, which then cannot append to the WAL.
      const failed = await within(client.$transaction((tx) => tx.shop.create({ data: { domain: "full.myshopify.com" } })));
      expect(failed).not.toBe("hang");
      expect(isStorageFault((failed as { error?: unknown }).error)).toBe(true);
      const write = await within(client.shop.create({ data: { domain: "full-2.myshopify.com" } }));
      expect(isStorageFault((write as { error?: unknown }).error)).toBe(true);
      expect(await within(client.shop.count())).toEqual({ value: 1 });

      disk.free();
      expect(await within(client.$transaction((tx) => tx.shop.create({ data: { domain: "freed.myshopify.com" } })))).toHaveProperty(
        "value",
      );
      expect(await within(client.shop.create({ data: { domain: "freed-2.myshopify.com" } }))).toHaveProperty("value");
      expect((await client.shop.findMany()).map((shop) => shop.domain).sort()).toEqual([
        "before.myshopify.com",
        "freed-2.myshopify.com",
        "freed.myshopify.com",
      ]);
    });
  });
});
