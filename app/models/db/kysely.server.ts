/**
 * The lean query builder for the hot paths (webhook intake, the queue's claims and completions, the
 * forward job's reads and writes),
 * docs/decisions/0025: Kysely on the app's own driver connection, beside Prisma, which keeps
 * everything else. Its table types are Prisma's generated model types (from prisma/schema.prisma,
 * the one schema source), mapped column by column: a schema change changes them on the next
 * `prisma generate`, and the compiler finds every lean statement it breaks.
 */
import type {
  CatalogueSync,
  CatalogueVariant,
  HyperskuConnection,
  Job,
  Order,
  OrderEvent,
  RedactedOrder,
  Session,
  Shop,
  VariantFacts,
  WebhookDelivery,
} from "@prisma/client";
import { Prisma } from "@prisma/client";
import { type ColumnType, Kysely, type Transaction } from "kysely";
import { env } from "~/env.server";
import { createAdapterDialect } from "./adapter-dialect.server";
import { sharedConnection } from "./client.server";
import { getDatabaseEngine } from "./database-url";

/**
 * A Prisma model as a Kysely table. Dates are written as Date and read as the driver gives them
 * (ISO text on SQLite, text on PostgreSQL's adapter): read them with `toDate`. Booleans are
 * written as booleans and read as 0/1 on SQLite. Every non-null column is spelled out on insert,
 * defaults included: the database's own defaults (CURRENT_TIMESTAMP) are not the values Prisma writes.
 */
type Table<Model> = {
  [Column in keyof Model]: Model[Column] extends Date
    ? ColumnType<Date | string, Date, Date>
    : Model[Column] extends Date | null
      ? ColumnType<Date | string | null, Date | null, Date | null>
      : Model[Column] extends boolean
        ? ColumnType<boolean | number, boolean, boolean>
        : Model[Column];
};

export interface Database {
  CatalogueSync: Table<CatalogueSync>;
  CatalogueVariant: Table<CatalogueVariant>;
  HyperskuConnection: Table<HyperskuConnection>;
  Job: Table<Job>;
  Order: Table<Order>;
  OrderEvent: Table<OrderEvent>;
  RedactedOrder: Table<RedactedOrder>;
  Session: Table<Session>;
  Shop: Table<Shop>;
  VariantFacts: Table<VariantFacts>;
  WebhookDelivery: Table<WebhookDelivery>;
}

/** An open lean transaction: model functions on the hot paths take it first. */
export type LeanTx = Transaction<Database>;
/** The lean client or an open lean transaction. */
export type LeanDb = Kysely<Database> | LeanTx;

declare global {
  // Reused across dev rebuilds, with the Prisma client whose connection it shares.
  var __kysely: Kysely<Database> | undefined;
}

export const lean: Kysely<Database> =
  globalThis.__kysely ??
  new Kysely<Database>({ dialect: createAdapterDialect(getDatabaseEngine(env.DATABASE_URL), sharedConnection.connect) });
if (env.NODE_ENV !== "production") globalThis.__kysely = lean;

export const isLeanPostgres = () => getDatabaseEngine(env.DATABASE_URL) === "postgresql";

/** A date column as read through the adapter (ISO text, SQLite's CURRENT_TIMESTAMP form, or a Date). */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined) return null;
  if (value instanceof Date) return value;
  if (typeof value === "number" || typeof value === "bigint") return new Date(Number(value));
  const text = String(value);
  // SQLite's CURRENT_TIMESTAMP form and PostgreSQL's timestamp(3) text carry no zone: both are UTC.
  return new Date(/^\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d(\.\d+)?$/.test(text) ? `${text.replace(" ", "T")}Z` : text);
}

type ModelName = keyof Database;
const FIELD_TYPES = new Map(
  Prisma.dmmf.datamodel.models.map((model) => [model.name, new Map(model.fields.map((field) => [field.name, field.type]))]),
);

/** A row read through the lean path as Prisma's model type: dates as Date, booleans as booleans, ints as numbers, big ints as bigint. */
export function toModel<M extends ModelName, T>(model: M, row: Record<string, unknown>): T {
  const types = FIELD_TYPES.get(model)!;
  const out: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) {
    const type = types.get(column);
    if (value === null || value === undefined) out[column] = value ?? null;
    else if (type === "DateTime") out[column] = toDate(value);
    else if (type === "Boolean") out[column] = value === true || value === 1 || value === "1" || value === "t" || value === "true";
    else if (type === "Int") out[column] = Number(value);
    else if (type === "BigInt") out[column] = BigInt(value as string | number | bigint);
    else out[column] = value;
  }
  return out as T;
}
