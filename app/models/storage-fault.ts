/**
 * Pure: does this error mean the database cannot take writes (or be reached) right now, as opposed
 * to a bug or a constraint violation? Storage faults are answered "try again later" (webhooks 503,
 * so Shopify retries; /health unhealthy) and must never wedge the process.
 *
 * SQLite: SQLITE_FULL, SQLITE_READONLY*, SQLITE_IOERR*, SQLITE_CANTOPEN, SQLITE_BUSY (the busy
 * timeout ran out), SQLITE_NOMEM. PostgreSQL: class 53 (insufficient resources: disk full, out of
 * memory, too many connections), 25006 (read-only transaction), class 08 (connection), 57P01-57P03
 * (shutdown / cannot connect now). Prisma wraps them (P1001, P1008, P1017, P2024 and adapter
 * errors): the driver's code or message is looked for anywhere in the error and its causes.
 */

const SQLITE_CODES = /\bSQLITE_(FULL|READONLY\w*|IOERR\w*|CANTOPEN|BUSY\w*|NOMEM|PROTOCOL)\b/;
const SQLITE_MESSAGES = /database or disk is full|attempt to write a readonly database|disk I\/O error|unable to open database file|database is locked/i;
const POSTGRES_CODES = /^(53\d{3}|25006|08\d{3}|57P0[123])$/;
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024"]);
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOSPC", "EROFS", "EACCES"]);

/** Marks an error as a storage fault explicitly (a timed-out database call, for instance). */
export class StorageUnavailableError extends Error {
  constructor(reason: string, options?: { cause?: unknown }) {
    super(`The database is not available: ${reason}`, options);
    this.name = "StorageUnavailableError";
  }
}

function looksLikeStorageFault(value: unknown): boolean {
  if (value instanceof StorageUnavailableError) return true;
  if (value === null || typeof value !== "object") return typeof value === "string" && (SQLITE_CODES.test(value) || SQLITE_MESSAGES.test(value));
  const record = value as Record<string, unknown>;
  for (const key of ["code", "originalCode", "errno"]) {
    const code = record[key];
    if (typeof code !== "string") continue;
    if (PRISMA_CODES.has(code) || NETWORK_CODES.has(code) || POSTGRES_CODES.test(code) || SQLITE_CODES.test(code)) return true;
  }
  for (const key of ["message", "originalMessage"]) {
    const message = record[key];
    if (typeof message === "string" && (SQLITE_CODES.test(message) || SQLITE_MESSAGES.test(message))) return true;
  }
  return false;
}

/** True when `error` (or anything in its cause chain, or a driver adapter error it wraps) is a storage fault. */
export function isStorageFault(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const current = queue.shift();
    if (current === undefined || seen.has(current)) continue;
    seen.add(current);
    if (looksLikeStorageFault(current)) return true;
    if (current !== null && typeof current === "object") {
      const record = current as Record<string, unknown>;
      queue.push(record.cause, (record.meta as Record<string, unknown> | undefined)?.driverAdapterError);
    }
  }
  return false;
}
