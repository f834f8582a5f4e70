/**
 * The durable job queue (docs/decisions/0003): jobs are rows of `Job`, claimed with a lease.
 *
 * A job's life: pending -> running (claimed: lockedBy, lockedUntil, attempts + 1) -> succeeded |
 * pending again (retry or reschedule) | failed | cancelled. A running job whose lease ran out (its
 * worker crashed) is claimable again. Every write that finishes a run is guarded by the claim it
 * belongs to (id, lockedBy, attempts), so a worker that lost its lease cannot overwrite a newer claim.
 *
 * Dates in raw SQL: the better-sqlite3 adapter stores DateTime as ISO-8601 text with a numeric zone
 * (`2026-01-02T03:04:05.678+00:00`) and binds a Date parameter in that same form, so the text
 * comparisons below order correctly; PostgreSQL compares real timestamps. (Proved by a test in
 * tests/integration/job-queue.test.ts.)
 */
import { randomUUID } from "node:crypto";
import { type Job, Prisma, type PrismaClient } from "@prisma/client";
import { type DatabaseEngine, getDatabaseEngine } from "~/models/db/database-url";
import prisma from "~/models/db/client.server";
import type { PreparedInsert } from "~/models/db/insert-together.server";
import { type Database, lean, type LeanTx, toDate } from "~/models/db/kysely.server";
import { createAdapterDialect } from "~/models/db/adapter-dialect.server";
import { type CompiledQuery, type ExpressionBuilder, Kysely } from "kysely";
import { env } from "~/env.server";
import { computeRetryDelayMs } from "./backoff";
import { jobKey } from "./job";

export type { Job };
/** Prisma's client or transaction, or a lean one (the webhook intake's, docs/decisions/0025). */
export type Db = Prisma.TransactionClient | PrismaClient | LeanTx;
type PrismaDb = Prisma.TransactionClient | PrismaClient;
const isLean = (db: Db): db is LeanTx => "insertInto" in db;
/** Only enqueueing has a lean form so far: everything else is given a Prisma client or transaction. */
function orm(db: Db): PrismaDb {
  if (isLean(db)) throw new Error("This queue operation runs on Prisma; pass a Prisma transaction");
  return db;
}
/** What identifies one claim of a job: the guard of every write that ends a run. */
export type JobClaim = Pick<Job, "id" | "lockedBy" | "attempts">;

/** The schema's default for `Job.maxAttempts`; raw inserts must spell it out. */
const DEFAULT_MAX_ATTEMPTS = 12;
export const JOB_ERROR_MAX_LENGTH = 1_000;

/** lastError is shown to merchants: short, and callers pass messages that are already safe. */
function truncateJobError(message: string): string {
  const text = message.trim() || "Unknown error";
  return text.length <= JOB_ERROR_MAX_LENGTH ? text : `${text.slice(0, JOB_ERROR_MAX_LENGTH - 1)}…`;
}

/**
 * The SQLite adapter has one connection, and a statement sent while another caller's interactive
 * transaction is open runs inside that transaction (and is undone if it rolls back). The queue's
 * own writes are what the lease guarantees rest on, so they run in a transaction of their own,
 * which waits for the adapter's transaction lock. So, apart from enqueueJob, releaseJobs and
 * cancelJobs (which take the caller's transaction), queue functions must not be called while the
 * caller holds an interactive transaction on SQLite: they would wait for it (up to maxWait).
 */
function write<T>(fn: (tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return prisma.$transaction(fn, { maxWait: 10_000, timeout: 15_000 });
}

export interface EnqueueJobInput {
  type: string;
  shop?: string | null;
  /** The id the handler re-reads its state from (ids only, never payloads). */
  subjectId?: string | null;
  /** At most one pending or running job holds a key; enqueueing it again does nothing. */
  uniqueKey?: string | null;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Adds a job, inside the caller's transaction when given one. With a `uniqueKey` already held, it
 * returns the holder (created: false), first moving a pending holder's runAt earlier if asked.
 *
 * The insert is `ON CONFLICT ("uniqueKey") DO NOTHING` (the same text on SQLite and PostgreSQL), so
 * two concurrent enqueues of one key never raise a unique violation, which on PostgreSQL would abort
 * the caller's whole transaction. The loser then reads the winner's row.
 */
export async function enqueueJob(db: Db, input: EnqueueJobInput): Promise<{ id: string; created: boolean }> {
  const now = new Date();
  const runAt = input.runAt ?? now;
  const uniqueKey = input.uniqueKey ?? null;
  if (isLean(db)) return enqueueLean(db, { ...input, runAt }, now);
  // The holder can finish between the insert and the read (its key is then free): try again.
  for (let round = 0; round < 3; round++) {
    const id = randomUUID();
    const inserted = await orm(db).$executeRaw(buildInsertStatement(id, { ...input, runAt }, now));
    if (inserted === 1 || uniqueKey === null) return { id, created: true };
    await orm(db).job.updateMany({ where: { uniqueKey, status: "pending", runAt: { gt: runAt } }, data: { runAt } });
    const holder = await orm(db).job.findUnique({ where: { uniqueKey }, select: { id: true } });
    if (holder) return { id: holder.id, created: false };
  }
  throw new Error(`Could not enqueue job ${input.type}: its unique key kept changing hands`);
}

/** The lean form of buildInsertStatement: a held key inserts nothing. */
function leanInsert(tx: LeanTx, id: string, input: EnqueueJobInput & { runAt: Date }, now: Date): PreparedInsert {
  return tx
    .insertInto("Job")
    .values({
      id,
      type: input.type,
      shop: input.shop ?? null,
      subjectId: input.subjectId ?? null,
      uniqueKey: input.uniqueKey ?? null,
      status: "pending",
      runAt: input.runAt,
      attempts: 0,
      maxAttempts: input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((conflict) => conflict.column("uniqueKey").doNothing());
}

/** enqueueJob in a lean transaction: the same insert, the same answer to a held key. */
async function enqueueLean(tx: LeanTx, input: EnqueueJobInput & { runAt: Date }, now: Date): Promise<{ id: string; created: boolean }> {
  const uniqueKey = input.uniqueKey ?? null;
  for (let round = 0; round < 3; round++) {
    const id = randomUUID();
    const inserted = await leanInsert(tx, id, input, now).executeTakeFirst();
    if (inserted.numInsertedOrUpdatedRows === 1n || uniqueKey === null) return { id, created: true };
    await tx
      .updateTable("Job")
      .set({ runAt: input.runAt })
      .where("uniqueKey", "=", uniqueKey)
      .where("status", "=", "pending")
      .where("runAt", ">", input.runAt)
      .execute();
    const holder = await tx.selectFrom("Job").select("id").where("uniqueKey", "=", uniqueKey).executeTakeFirst();
    if (holder) return { id: holder.id, created: false };
  }
  throw new Error(`Could not enqueue job ${input.type}: its unique key kept changing hands`);
}

export interface EnqueueInput {
  type: string;
  /** The id the run re-reads its state from (ids only, never payloads). */
  subjectId?: string | null;
  shop?: string | null;
  runAt?: Date;
  maxAttempts?: number;
}

/**
 * Queues (type, subject) unless a job of that pair is already pending or running, which is then
 * returned (its runAt moved earlier if asked): the key is derived, never chosen by the caller.
 */
export function enqueue(input: EnqueueInput, db: Db = prisma): Promise<{ id: string; created: boolean }> {
  return enqueueJob(db, { ...input, uniqueKey: jobKey(input.type, input.subjectId) });
}

/**
 * enqueue, prepared for insertTogether, for a subject the same lean transaction creates (a new
 * order): no job can hold its key yet, so there is no holder to answer with.
 */
export function prepareEnqueueOfNewSubject(input: EnqueueInput & { subjectId: string }, tx: LeanTx, now = new Date()): PreparedInsert {
  const uniqueKey = jobKey(input.type, input.subjectId);
  return leanInsert(tx, randomUUID(), { ...input, uniqueKey, runAt: input.runAt ?? now }, now);
}

/** The pending or running job of (type, subject), if any. */
export function findJob(type: string, subjectId?: string | null, db: Db = prisma): Promise<Job | null> {
  return orm(db).job.findUnique({ where: { uniqueKey: jobKey(type, subjectId) } });
}

/** The insert that cannot violate the unique key: the same text on both engines. */
export function buildInsertStatement(id: string, input: EnqueueJobInput & { runAt: Date }, now: Date): Prisma.Sql {
  return Prisma.sql`
    INSERT INTO "Job" ("id", "type", "shop", "subjectId", "uniqueKey", "status", "runAt", "attempts",
                       "maxAttempts", "createdAt", "updatedAt")
    VALUES (${id}, ${input.type}, ${input.shop ?? null}, ${input.subjectId ?? null}, ${input.uniqueKey ?? null},
            'pending', ${input.runAt}, 0, ${input.maxAttempts ?? DEFAULT_MAX_ATTEMPTS}, ${now}, ${now})
    ON CONFLICT ("uniqueKey") DO NOTHING`;
}

export interface ClaimJobsInput {
  workerId: string;
  limit: number;
  leaseMs: number;
  /** Only these types (default: any). */
  types?: string[];
  /** Only this shop's jobs; null = jobs without a shop (default: any). */
  shop?: string | null;
  now?: Date;
}

/**
 * Claims up to `limit` due jobs, oldest runAt first, in one statement (the lean path, decision
 * 0025). SQLite runs one writer at a time, so `UPDATE ... WHERE id IN (SELECT ... LIMIT n)
 * RETURNING *` cannot hand a row to two processes. PostgreSQL locks the chosen rows with
 * `FOR UPDATE SKIP LOCKED`, so concurrent claimers take different rows instead of waiting or
 * double-claiming.
 */
export async function claimJobs(input: ClaimJobsInput): Promise<Job[]> {
  if (input.limit < 1 || input.types?.length === 0) return [];
  const statement = buildClaimStatement(getDatabaseEngine(env.DATABASE_URL), { ...input, now: input.now ?? new Date() });
  const { rows } = await lean.executeQuery<Record<string, unknown>>(statement.compiled);
  return rows.map(mapJobRow).sort((a, b) => a.runAt.getTime() - b.runAt.getTime() || a.id.localeCompare(b.id));
}

/** A query builder that only compiles, for an engine other than the one this process runs on. */
const compilers: Partial<Record<DatabaseEngine, Kysely<Database>>> = {};
function builderFor(engine: DatabaseEngine): Kysely<Database> {
  if (engine === getDatabaseEngine(env.DATABASE_URL)) return lean;
  return (compilers[engine] ??= new Kysely<Database>({
    dialect: createAdapterDialect(engine, () => Promise.reject(new Error(`this process runs on ${env.DATABASE_URL}`))),
  }));
}

/** Due: pending and due, or running with its lease run out; of `types` when given. */
function dueFilters(eb: ExpressionBuilder<Database, "Job">, now: Date, types: string[] | undefined) {
  const filters = [
    eb.or([
      eb.and([eb("status", "=", "pending"), eb("runAt", "<=", now)]),
      eb.and([eb("status", "=", "running"), eb("lockedUntil", "<", now)]),
    ]),
  ];
  if (types) filters.push(eb("type", "in", types));
  return filters;
}

/** The engine-specific claim statement (exported so its PostgreSQL text can be checked on its own). */
export function buildClaimStatement(engine: DatabaseEngine, input: ClaimJobsInput & { now: Date }) {
  const { workerId, limit, leaseMs, types, shop, now } = input;
  const db = builderFor(engine);
  const lockedUntil = new Date(now.getTime() + leaseMs);
  const due = (eb: ExpressionBuilder<Database, "Job">) => {
    const filters = dueFilters(eb, now, types);
    if (shop === null) filters.push(eb("shop", "is", null));
    else if (shop !== undefined) filters.push(eb("shop", "=", shop));
    return eb.and(filters);
  };
  const next = db.selectFrom("Job").select("id").where(due).orderBy("runAt").orderBy("id").limit(limit);
  const set = (eb: ExpressionBuilder<Database, "Job">) => ({
    status: "running",
    lockedBy: workerId,
    lockedUntil,
    attempts: eb("attempts", "+", 1),
    updatedAt: now,
  });
  const compiled: CompiledQuery =
    engine === "postgresql"
      ? db
          .with("next", () => next.forUpdate().skipLocked())
          .updateTable("Job")
          .set(set)
          .from("next")
          .whereRef("Job.id", "=", "next.id")
          .returningAll("Job")
          .compile()
      : db.updateTable("Job").set(set).where("id", "in", next).returningAll().compile();
  return { compiled, text: compiled.sql, values: compiled.parameters };
}

/**
 * Shops with due work, the longest-waiting first (null: jobs without a shop). A hint for a worker
 * that claims shop by shop to respect its per-shop limit; the claim itself re-checks everything.
 */
export async function listDueShops(input: {
  limit: number;
  types?: string[];
  excludeShops?: string[];
  now?: Date;
}): Promise<(string | null)[]> {
  if (input.types?.length === 0) return [];
  const now = input.now ?? new Date();
  const exclude = input.excludeShops ?? [];
  const rows = await lean
    .selectFrom("Job")
    .select("shop")
    .where((eb) => {
      const filters = dueFilters(eb, now, input.types);
      if (exclude.length > 0) filters.push(eb.or([eb("shop", "is", null), eb("shop", "not in", exclude)]));
      return eb.and(filters);
    })
    .groupBy("shop")
    .orderBy((eb) => eb.fn.min("runAt"))
    .limit(input.limit)
    .execute();
  return rows.map((row) => row.shop);
}

/** Heartbeat: pushes the lease out, only while this worker still holds this claim. */
export async function extendLease(
  jobId: string,
  workerId: string,
  leaseMs: number,
  options: { attempts?: number; now?: Date } = {},
): Promise<boolean> {
  const now = options.now ?? new Date();
  let update = lean
    .updateTable("Job")
    .set({ lockedUntil: new Date(now.getTime() + leaseMs), updatedAt: now })
    .where("id", "=", jobId)
    .where("status", "=", "running")
    .where("lockedBy", "=", workerId);
  if (options.attempts !== undefined) update = update.where("attempts", "=", options.attempts);
  const { numUpdatedRows } = await update.executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** What ending a run writes (the lean path's columns); `undoAttempt`: the run does not count as an attempt. */
type FinishColumns = {
  status: JobStatus;
  finishedAt?: Date;
  uniqueKey?: null;
  lockedBy?: null;
  lockedUntil: null;
  lastError?: string;
  runAt?: Date;
  undoAttempt?: boolean;
};

/**
 * Every write that ends a run, guarded by the claim (id, lockedBy, attempts): one statement on the
 * shared connection (on SQLite it waits at the adapter's gate for any open transaction to end).
 */
async function finishClaim(job: JobClaim, { undoAttempt, ...columns }: FinishColumns, now = new Date()): Promise<boolean> {
  let update = lean
    .updateTable("Job")
    .set((eb) => ({ ...columns, updatedAt: now, ...(undoAttempt ? { attempts: eb("attempts", "-", 1) } : {}) }))
    .where("id", "=", job.id)
    .where("status", "=", "running")
    .where("attempts", "=", job.attempts);
  update = job.lockedBy === null ? update.where("lockedBy", "is", null) : update.where("lockedBy", "=", job.lockedBy);
  const { numUpdatedRows } = await update.executeTakeFirst();
  return numUpdatedRows === 1n;
}

/** Done. Frees the unique key so the same work can be queued again later. False: the claim was lost. */
export function completeJob(job: JobClaim, now = new Date()): Promise<boolean> {
  return finishClaim(job, { status: "succeeded", finishedAt: now, uniqueKey: null, lockedUntil: null }, now);
}

/** Gives up for good: the error stays on the row for the app to show. False: the claim was lost. */
export function failJob(job: JobClaim, error: string, now = new Date()): Promise<boolean> {
  return finishClaim(
    job,
    { status: "failed", finishedAt: now, uniqueKey: null, lockedUntil: null, lastError: truncateJobError(error) },
    now,
  );
}

/** A job's life (Job.status): pending -> running -> succeeded | pending again | failed | cancelled. */
type JobStatus = "pending" | "running" | "succeeded" | "failed" | "cancelled";

export type RetryOutcome = { applied: boolean; status: "pending"; runAt: Date } | { applied: boolean; status: "failed" };

/** Back to pending after a backoff (or at `runAt`); fails the job once its attempts are used up. */
export async function retryJob(
  job: JobClaim & Pick<Job, "maxAttempts">,
  options: { error: string; retryAfterMs?: number; runAt?: Date; now?: Date; random?: () => number },
): Promise<RetryOutcome> {
  const now = options.now ?? new Date();
  if (job.attempts >= job.maxAttempts) {
    const error = `Gave up after ${job.attempts} attempts. Last error: ${options.error}`;
    return { applied: await failJob(job, error, now), status: "failed" };
  }
  const delay = computeRetryDelayMs({ attempt: job.attempts, retryAfterMs: options.retryAfterMs, random: options.random });
  const runAt = options.runAt ?? new Date(now.getTime() + delay);
  const applied = await finishClaim(
    job,
    { status: "pending", runAt, lockedBy: null, lockedUntil: null, lastError: truncateJobError(options.error) },
    now,
  );
  return { applied, status: "pending", runAt };
}

/**
 * Back to pending at `runAt` without counting the attempt: for held work (shop not connected, a
 * hold window), which is waiting, not failing. `note`, when given, replaces lastError.
 */
export function rescheduleJob(job: JobClaim, runAt: Date, note?: string): Promise<boolean> {
  return finishClaim(job, {
    status: "pending",
    runAt,
    undoAttempt: true,
    lockedBy: null,
    lockedUntil: null,
    ...(note === undefined ? {} : { lastError: truncateJobError(note) }),
  });
}

/** Runs `fn` in the caller's transaction when given one, else in the queue's own (see `write`). */
const inTransaction = <T>(db: Db | undefined, fn: (tx: PrismaDb) => Promise<T>) => (db ? fn(orm(db)) : write(fn));

/**
 * A shop's pending jobs become due now (e.g. it reconnected HyperSKU). Returns how many moved.
 * Pass `db` to do it inside a transaction of your own.
 */
export async function releaseJobs(input: { shop: string; type?: string; now?: Date }, db?: Db): Promise<number> {
  const now = input.now ?? new Date();
  const { count } = await inTransaction(db, (tx) =>
    tx.job.updateMany({
      where: { shop: input.shop, type: input.type, status: "pending", runAt: { gt: now } },
      data: { runAt: now },
    }),
  );
  return count;
}

/**
 * A shop's pending jobs are dropped (it uninstalled); running ones finish and find the shop gone.
 * Pass `db` to do it inside a transaction of your own.
 */
export async function cancelJobs(input: { shop: string; type?: string; now?: Date }, db?: Db): Promise<number> {
  const now = input.now ?? new Date();
  const { count } = await inTransaction(db, (tx) =>
    tx.job.updateMany({
      where: { shop: input.shop, type: input.type, status: "pending" },
      data: { status: "cancelled", uniqueKey: null, finishedAt: now },
    }),
  );
  return count;
}

export interface QueueStats {
  pending: number;
  running: number;
  failed: number;
  /** The earliest runAt among pending jobs (may be in the future: backoff, holds). */
  oldestPendingRunAt: Date | null;
  /** How late the most overdue pending job is; 0 when none is overdue. */
  lagMs: number;
}

export async function getQueueStats(now = new Date()): Promise<QueueStats> {
  const [counts, oldest] = await Promise.all([
    prisma.job.groupBy({ by: ["status"], where: { status: { in: ["pending", "running", "failed"] } }, _count: true }),
    prisma.job.aggregate({ where: { status: "pending" }, _min: { runAt: true } }),
  ]);
  const count = (status: JobStatus) => counts.find((row) => row.status === status)?._count ?? 0;
  const oldestPendingRunAt = oldest._min.runAt;
  return {
    pending: count("pending"),
    running: count("running"),
    failed: count("failed"),
    oldestPendingRunAt,
    lagMs: oldestPendingRunAt ? Math.max(0, now.getTime() - oldestPendingRunAt.getTime()) : 0,
  };
}

/** What /health needs beyond the counts: jobs that failed for good lately, and leases nobody took over. */
export interface QueueWarnings {
  /** Jobs that ended "failed" at or after `failedSince`. */
  failedSince: number;
  /** The earliest lease end among running jobs whose lease ran out (their worker is gone). */
  oldestExpiredLeaseAt: Date | null;
}

export async function getQueueWarnings(input: { failedSince: Date; now?: Date }): Promise<QueueWarnings> {
  const now = input.now ?? new Date();
  const [failedSince, expired] = await Promise.all([
    prisma.job.count({ where: { status: "failed", finishedAt: { gte: input.failedSince } } }),
    prisma.job.aggregate({ where: { status: "running", lockedUntil: { lt: now } }, _min: { lockedUntil: true } }),
  ]);
  return { failedSince, oldestExpiredLeaseAt: expired._min.lockedUntil };
}

/**
 * A write that leaves nothing behind but must reach the disk (/health): a row inserted and deleted
 * in one committed transaction. A rolled-back write would pass on a full disk: nothing is written.
 */
export async function probeQueueWrite(now = new Date()): Promise<void> {
  const id = `health-probe-${randomUUID()}`;
  await prisma.$transaction([
    prisma.$executeRaw`INSERT INTO "Job" ("id", "type", "status", "runAt", "attempts", "maxAttempts", "createdAt", "updatedAt")
      VALUES (${id}, 'health_probe', 'cancelled', ${now}, 0, 0, ${now}, ${now})`,
    prisma.$executeRaw`DELETE FROM "Job" WHERE "id" = ${id}`,
  ]);
}

const toText = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** A raw `RETURNING *` row as the Prisma `Job` type, whatever form the driver gave each column. */
function mapJobRow(row: Record<string, unknown>): Job {
  return {
    id: String(row.id),
    type: String(row.type),
    shop: toText(row.shop),
    subjectId: toText(row.subjectId),
    uniqueKey: toText(row.uniqueKey),
    status: String(row.status),
    runAt: toDate(row.runAt)!,
    attempts: Number(row.attempts),
    maxAttempts: Number(row.maxAttempts),
    lockedBy: toText(row.lockedBy),
    lockedUntil: toDate(row.lockedUntil),
    lastError: toText(row.lastError),
    finishedAt: toDate(row.finishedAt),
    createdAt: toDate(row.createdAt)!,
    updatedAt: toDate(row.updatedAt)!,
  };
}
