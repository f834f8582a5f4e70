import { getStorageFault, isStorageFault, StorageUnavailableError } from "./storage-fault";

/** The shapes the drivers and Prisma actually produce (seen in tests/integration/storage-faults.test.ts). */
const sqliteError = (code: string, message: string) => Object.assign(new Error(message), { name: "SqliteError", code });
const adapterError = (cause: Record<string, unknown>) =>
  Object.assign(new Error("DriverAdapterError"), { name: "DriverAdapterError", cause });
const prismaError = (code: string, message: string, driverAdapterError?: unknown) =>
  Object.assign(new Error(message), { name: "PrismaClientKnownRequestError", code, meta: { driverAdapterError } });

describe("getStorageFault", () => {
  it.each([
    ["SQLite disk full at COMMIT (raw driver error)", sqliteError("SQLITE_FULL", "database or disk is full"), "full"],
    [
      "SQLite disk full in a query (Prisma error)",
      prismaError("SQLITE_FULL", "Invalid `prisma.shop.create()` invocation:\n\ndatabase or disk is full"),
      "full",
    ],
    ["SQLite read-only", sqliteError("SQLITE_READONLY", "attempt to write a readonly database"), "read_only"],
    ["SQLite moved file", sqliteError("SQLITE_READONLY_DBMOVED", "attempt to write a readonly database"), "read_only"],
    [
      "SQLite busy past the timeout",
      prismaError("P1008", "Operation has timed out", adapterError({ kind: "SocketTimeout", originalCode: "SQLITE_BUSY" })),
      "unreachable",
    ],
    ["SQLite I/O error", sqliteError("SQLITE_IOERR_WRITE", "disk I/O error"), "unreachable"],
    [
      "PostgreSQL read-only transaction",
      adapterError({ kind: "postgres", originalCode: "25006", originalMessage: "cannot execute INSERT in a read-only transaction" }),
      "read_only",
    ],
    [
      "PostgreSQL disk full",
      adapterError({
        kind: "postgres",
        originalCode: "53100",
        originalMessage: 'could not extend file "base/1/2": No space left on device',
      }),
      "full",
    ],
    [
      "PostgreSQL shutting down",
      adapterError({ kind: "postgres", originalCode: "57P01", originalMessage: "terminating connection due to administrator command" }),
      "unreachable",
    ],
    ["PostgreSQL unreachable", prismaError("P1001", "Can't reach database server at 127.0.0.1:5432"), "unreachable"],
    [
      "raw query failed (P2010)",
      prismaError("P2010", "Raw query failed. Code: `SQLITE_FULL`. Message: `database or disk is full`"),
      "full",
    ],
    ["pg connection killed mid-transaction", new Error("Client has encountered a connection error and is not queryable"), "unreachable"],
    ["pg pool checkout timed out", new Error("timeout exceeded when trying to connect"), "unreachable"],
    ["pg connection lost", new Error("Connection terminated unexpectedly"), "unreachable"],
    [
      "Prisma maxWait passed",
      prismaError("P2028", "Transaction API error: Unable to start a transaction in the given time."),
      "unreachable",
    ],
    ["ENOSPC from the file system", Object.assign(new Error("write failed"), { code: "ENOSPC" }), "full"],
    [
      "nested in a cause",
      new Error("could not store the delivery", { cause: sqliteError("SQLITE_FULL", "database or disk is full") }),
      "full",
    ],
  ])("%s: %s", (_, error, kind) => {
    expect(getStorageFault(error)?.kind).toBe(kind);
    expect(isStorageFault(error)).toBe(true);
  });

  it("names the kind and the driver's code, never the driver's message (it can carry file names)", () => {
    const fault = getStorageFault(
      adapterError({ kind: "postgres", originalCode: "53100", originalMessage: 'could not extend file "base/1/2"' }),
    );
    expect(fault).toEqual({ kind: "full", reason: "the disk holding the database is full (53100)" });
  });

  it("keeps the words of an explicit StorageUnavailableError, and its kind", () => {
    expect(getStorageFault(new StorageUnavailableError("the database stayed busy for 10000 ms"))).toEqual({
      kind: "unreachable",
      reason: "the database stayed busy for 10000 ms",
    });
    expect(getStorageFault(new StorageUnavailableError("no space", { kind: "full" }))?.kind).toBe("full");
  });

  it.each([
    ["a unique violation", prismaError("P2002", "Unique constraint failed on the fields: (`domain`)")],
    [
      "a missing row",
      prismaError("P2025", "An operation failed because it depends on one or more records that were required but not found"),
    ],
    ["a bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["a HyperSKU timeout", Object.assign(new Error("HyperSKU did not answer"), { code: "HYPERSKU_TIMEOUT" })],
    ["nothing", undefined],
  ])("is not a storage fault: %s", (_, error) => {
    expect(getStorageFault(error)).toBeNull();
  });

  it("survives a cause chain that loops", () => {
    const a: Error & { cause?: unknown } = new Error("a");
    a.cause = new Error("b", { cause: a });
    expect(isStorageFault(a)).toBe(false);
  });
});
