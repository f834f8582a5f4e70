/**
 * Pure: does this error mean the database cannot take writes (or be reached) right now, as opposed
 * to a bug or a constraint violation? Storage faults are answered "try again later" (webhooks 503,
 * so Shopify retries; /health unhealthy with the kind) and must never wedge the process
 * (docs/decisions/0006).
 *
 * SQLite: SQLITE_FULL, SQLITE_READONLY*, SQLITE_IOERR*, SQLITE_CANTOPEN, SQLITE_BUSY (the busy
 * timeout ran out), SQLITE_NOMEM. PostgreSQL: class 53 (insufficient resources: disk full, out of
 * memory, too many connections), 25006 (read-only transaction, also a hot standby), class 08
 * (connection), 57P01-57P03 (shutdown / cannot connect now), and node-postgres's own errors, which
 * carry no code (a connection terminated, a pool checkout or query that timed out). Prisma wraps
 * them (P1001, P1008, P1017, P2024 and adapter errors): the driver's code or message is looked for
 * anywhere in the error and its causes.
 */

/** What /health reports: the disk is full, the database refuses writes, or it cannot be used at all. */
export type StorageFaultKind = "full" | "read_only" | "unreachable";

export interface StorageFault {
  kind: StorageFaultKind;
  /** Fixed words and the driver's code, never the driver's message (it can name files and values). */
  reason: string;
}

const SQLITE_CODES = /\bSQLITE_(FULL|READONLY\w*|IOERR\w*|CANTOPEN|BUSY\w*|NOMEM|PROTOCOL)\b/;
const POSTGRES_CODES = /^(53\d{3}|25006|08\d{3}|57P0[123])$/;
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
const SYSTEM_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOSPC", "EROFS", "EACCES"]);

const FULL_MESSAGES = /database or disk is full|no space left on device/i;
const READ_ONLY_MESSAGES = /attempt to write a readonly database|in a read-only transaction|read-only file system/i;
const UNREACHABLE_MESSAGES = new RegExp(
  [
    "disk I/O error",
    "unable to open database file",
    "database is locked",
    "The database is not available",
    // node-postgres (pg, pg-pool): errors without a code.
    "Connection terminated",
    "is not queryable",
    "timeout exceeded when trying to connect",
    "Query read timeout",
    // Prisma: a transaction that waited past maxWait for the database.
    "Unable to start a transaction in the given time",
  ].join("|"),
  "i",
);

const REASONS: Record<StorageFaultKind, string> = {
  full: "the disk holding the database is full",
  read_only: "the database does not accept writes (read-only)",
  unreachable: "the database cannot be used right now",
};

/** Marks an error as a storage fault explicitly (a timed-out database call, for instance). */
export class StorageUnavailableError extends Error {
  readonly kind: StorageFaultKind;
  readonly reason: string;
  constructor(reason: string, options?: { cause?: unknown; kind?: StorageFaultKind }) {
    super(`The database is not available: ${reason}`, options);
    this.name = "StorageUnavailableError";
    this.kind = options?.kind ?? "unreachable";
    this.reason = reason;
  }
}

function kindOfCode(code: string): StorageFaultKind | null {
  if (code === "SQLITE_FULL" || code === "53100" || code === "ENOSPC") return "full";
  if (/^SQLITE_READONLY/.test(code) || code === "25006" || code === "EROFS" || code === "EACCES") return "read_only";
  if (SQLITE_CODES.test(code) || POSTGRES_CODES.test(code) || PRISMA_CODES.has(code) || SYSTEM_CODES.has(code)) return "unreachable";
  return null;
}

function kindOfMessage(message: string): StorageFaultKind | null {
  if (FULL_MESSAGES.test(message)) return "full";
  if (READ_ONLY_MESSAGES.test(message)) return "read_only";
  const code = SQLITE_CODES.exec(message)?.[0];
  if (code) return kindOfCode(code);
  return UNREACHABLE_MESSAGES.test(message) ? "unreachable" : null;
}

/** The fault one value of the chain shows on its own, if any. */
function faultOf(value: unknown): StorageFault | null {
  if (value instanceof StorageUnavailableError) return { kind: value.kind, reason: value.reason };
  if (typeof value === "string") {
    const kind = kindOfMessage(value);
    return kind && { kind, reason: REASONS[kind] };
  }
  if (value === null || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  for (const key of ["code", "originalCode", "errno"]) {
    const code = record[key];
    const kind = typeof code === "string" ? kindOfCode(code) : null;
    if (kind) return { kind, reason: `${REASONS[kind]} (${code})` };
  }
  for (const key of ["message", "originalMessage"]) {
    const message = record[key];
    const kind = typeof message === "string" ? kindOfMessage(message) : null;
    if (kind) return { kind, reason: REASONS[kind] };
  }
  return null;
}

/** The storage fault `error` (or anything in its cause chain, or a driver adapter error it wraps) shows, or null. */
export function getStorageFault(error: unknown): StorageFault | null {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined || seen.has(current)) continue;
    seen.add(current);
    const fault = faultOf(current);
    if (fault) return fault;
    if (current !== null && typeof current === "object") {
      const record = current as Record<string, unknown>;
      queue.push(record.cause, (record.meta as Record<string, unknown> | undefined)?.driverAdapterError);
    }
  }
  return null;
}

/** True when `error` (or anything in its cause chain, or a driver adapter error it wraps) is a storage fault. */
export function isStorageFault(error: unknown): boolean {
  return getStorageFault(error) !== null;
}
