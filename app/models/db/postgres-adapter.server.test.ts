// How the PostgreSQL wrapper ends transactions, on a fake of Prisma's PgTransaction (whose pool
// client it releases): the connection always goes back, and is closed after a storage fault.
import type { SqlDriverAdapter, SqlQuery, Transaction } from "@prisma/driver-adapter-utils";
import { guardPostgresAdapter } from "./postgres-adapter.server";

const sql = (text: string): SqlQuery => ({ sql: text, args: [], argTypes: [] });
const pgError = (code: string, message: string) =>
  Object.assign(new Error("DriverAdapterError"), { cause: { kind: "postgres", originalCode: code, originalMessage: message } });

function createFakeTransaction(failures: Record<string, Error> = {}) {
  const client = { release: vi.fn() };
  const transaction = {
    provider: "postgres",
    adapterName: "fake",
    options: { usePhantomQuery: false },
    client,
    queryRaw: vi.fn(),
    executeRaw: vi.fn(async (query: SqlQuery) => {
      const failure = Object.entries(failures).find(([prefix]) => query.sql.startsWith(prefix))?.[1];
      if (failure) throw failure;
      return 0;
    }),
    // As PgTransaction: commit() and rollback() only return the connection to the pool.
    commit: vi.fn(async () => client.release()),
    rollback: vi.fn(async () => client.release()),
  };
  const adapter = { startTransaction: async () => transaction as unknown as Transaction } as unknown as SqlDriverAdapter;
  return { adapter: guardPostgresAdapter(adapter), client, transaction };
}

describe("guardPostgresAdapter", () => {
  it("returns a healthy transaction's connection to the pool", async () => {
    const fake = createFakeTransaction();
    const transaction = await fake.adapter.startTransaction();
    await transaction.executeRaw(sql("INSERT"));
    await transaction.executeRaw(sql("COMMIT"));
    await transaction.commit();
    expect(fake.transaction.commit).toHaveBeenCalledTimes(1);
    expect(fake.client.release).toHaveBeenCalledExactlyOnceWith();
  });

  it("closes the connection when its COMMIT fails for a storage reason (Prisma then never calls commit())", async () => {
    const fake = createFakeTransaction({ COMMIT: pgError("57P01", "terminating connection due to administrator command") });
    const transaction = await fake.adapter.startTransaction();
    await expect(transaction.executeRaw(sql("COMMIT"))).rejects.toThrow();
    expect(fake.client.release).toHaveBeenCalledExactlyOnceWith(expect.any(Error));
    await transaction.commit();
    expect(fake.client.release).toHaveBeenCalledTimes(1);
  });

  it("closes the connection when its ROLLBACK fails, whatever the reason", async () => {
    const fake = createFakeTransaction({ ROLLBACK: new Error("Client has encountered a connection error and is not queryable") });
    const transaction = await fake.adapter.startTransaction();
    await expect(transaction.executeRaw(sql("ROLLBACK"))).rejects.toThrow();
    expect(fake.client.release).toHaveBeenCalledExactlyOnceWith(expect.any(Error));
  });

  it("closes the connection after a statement met a read-only database: its session may stay read-only", async () => {
    const fake = createFakeTransaction({ INSERT: pgError("25006", "cannot execute INSERT in a read-only transaction") });
    const transaction = await fake.adapter.startTransaction();
    await expect(transaction.executeRaw(sql("INSERT"))).rejects.toThrow();
    await transaction.executeRaw(sql("ROLLBACK"));
    await transaction.rollback();
    expect(fake.transaction.rollback).not.toHaveBeenCalled();
    expect(fake.client.release).toHaveBeenCalledExactlyOnceWith(expect.any(Error));
  });

  it("reuses the connection after a COMMIT refused for a serialization conflict (the transaction is over)", async () => {
    const fake = createFakeTransaction({ COMMIT: pgError("40001", "could not serialize access due to concurrent update") });
    const transaction = await fake.adapter.startTransaction();
    await expect(transaction.executeRaw(sql("COMMIT"))).rejects.toThrow();
    expect(fake.transaction.commit).toHaveBeenCalledTimes(1);
    expect(fake.client.release).toHaveBeenCalledExactlyOnceWith();
  });

  it("commit() or rollback() alone still sends the statement before the connection goes back", async () => {
    const fake = createFakeTransaction();
    const transaction = await fake.adapter.startTransaction();
    await transaction.rollback();
    expect(fake.transaction.executeRaw).toHaveBeenCalledWith(sql("ROLLBACK"));
    expect(fake.client.release).toHaveBeenCalledTimes(1);
  });
});
