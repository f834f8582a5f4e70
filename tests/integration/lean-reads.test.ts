/**
 * The lean path (Kysely on the app's own driver connection, docs/decisions/0025) reads rows the way
 * Prisma does: every column of every table it reads comes back with Prisma's type and value (dates
 * as Date to the millisecond, booleans as booleans, ints as numbers, nulls as null), on both
 * engines. The rows are filled from Prisma's own schema description, so a column added later is
 * checked without touching this test.
 */
import fs from "node:fs";
import { Prisma } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { type Database, lean, toModel } from "~/models/db/kysely.server";
import { getCatalogueSync } from "~/models/catalogue.server";
import { getCallHealthRecord } from "~/models/hypersku-connection.server";
import { getOrder, getOrderOrThrow } from "~/models/order.server";
import { getShop, getShopOrThrow } from "~/models/shop.server";
import { createPrismaSessionStorage } from "~/models/session.server";
import { PrismaSessionStorage } from "@shopify/shopify-app-session-storage-prisma";

const SHOP = "lean-reads.myshopify.com";
const models = new Map(Prisma.dmmf.datamodel.models.map((model) => [model.name, model]));

/** Optional columns per model, from the schema itself (the client's runtime description leaves optionality out). */
const OPTIONAL = new Map<string, Set<string>>();
for (const [, model, body] of fs.readFileSync("prisma/schema.prisma", "utf8").matchAll(/^model (\w+) \{([^}]*)\}/gm)) {
  OPTIONAL.set(model, new Set([...body.matchAll(/^\s+(\w+)\s+\w+\?/gm)].map((match) => match[1])));
}

/** A value for every scalar column, none of them the default, some null where the column allows it. */
function filledRow(model: string, overrides: Record<string, unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  models.get(model)!.fields.forEach((field, index) => {
    if (field.kind !== "scalar" || field.name === "updatedAt") return;
    if (OPTIONAL.get(model)!.has(field.name) && index % 4 === 3) row[field.name] = null;
    else if (field.type === "String") row[field.name] = `${field.name}-${index} ü "quoted"`;
    else if (field.type === "Int") row[field.name] = 1_000_000 + index;
    else if (field.type === "BigInt") row[field.name] = 2n ** 53n + BigInt(index);
    else if (field.type === "Boolean") row[field.name] = true;
    else if (field.type === "DateTime") row[field.name] = new Date(Date.UTC(2026, 10, 24, 1, 2, 3, index));
    else throw new Error(`${model}.${field.name}: a ${field.type} column; teach this test its lean form`);
  });
  return { ...row, ...overrides };
}

type Delegate = { create: (args: { data: unknown }) => Promise<Record<string, unknown>> };
const delegate = (model: string) => (prisma as unknown as Record<string, Delegate>)[model[0].toLowerCase() + model.slice(1)];

const KEYS: Record<keyof Database, Record<string, unknown>> = {
  CatalogueSync: { shop: SHOP },
  CatalogueVariant: { shop: SHOP, variantId: "gid-variant-1" },
  HyperskuConnection: { shop: SHOP },
  Job: { id: "lean-job-1", shop: SHOP },
  Order: { id: "lean-order-1", shop: SHOP, shopifyOrderId: "9001" },
  OrderEvent: { id: "lean-event-1", orderId: "lean-order-1" },
  RedactedOrder: { shop: SHOP, shopifyOrderId: "9002" },
  Session: { id: "offline_lean-reads.myshopify.com", shop: SHOP },
  Shop: { domain: SHOP },
  VariantFacts: { shop: SHOP, variantId: "gid-variant-1" },
  WebhookDelivery: { id: "lean-delivery-1", shop: SHOP },
};

describe("lean reads", () => {
  const written = new Map<string, Record<string, unknown>>();

  beforeAll(async () => {
    // Parents first: an order's events need the order.
    for (const model of ["Shop", "Order", ...Object.keys(KEYS).filter((name) => name !== "Shop" && name !== "Order")]) {
      written.set(model, await delegate(model).create({ data: filledRow(model, KEYS[model as keyof Database]) }));
    }
  });

  it.each(Object.keys(KEYS) as (keyof Database)[])("reads every %s column as Prisma does", async (model) => {
    const expected = written.get(model)!;
    const where = Object.fromEntries(Object.entries(KEYS[model]).filter(([column]) => column !== "orderId"));
    let query = lean.selectFrom(model).selectAll();
    for (const [column, value] of Object.entries(where)) query = query.where(column as never, "=", value as never);
    const row = await query.executeTakeFirstOrThrow();
    expect(toModel(model, row as Record<string, unknown>)).toEqual(expected);
  });

  it("model reads on the lean path answer what Prisma answers", async () => {
    const order = written.get("Order")!;
    expect(await getOrder(String(order.id))).toEqual(await prisma.order.findUnique({ where: { id: String(order.id) } }));
    expect(await getOrderOrThrow(String(order.id))).toEqual(order);
    expect(await getShop(SHOP)).toEqual(written.get("Shop"));
    expect(await getShopOrThrow(SHOP)).toEqual(written.get("Shop"));
    expect(await getCatalogueSync(SHOP)).toEqual(written.get("CatalogueSync"));
    const connection = written.get("HyperskuConnection")!;
    expect(await getCallHealthRecord(SHOP)).toEqual({
      lastSuccessfulCallAt: connection.lastSuccessfulCallAt,
      failingSince: connection.failingSince,
      lastFailure: connection.lastFailure,
      failedCallsInARow: connection.failedCallsInARow,
    });
  });

  it("loads a Shopify session on the lean path exactly as the library's own storage does", async () => {
    const id = String(written.get("Session")!.id);
    const library = new PrismaSessionStorage(prisma);
    const expected = await library.loadSession(id);
    expect(expected?.id).toBe(id);
    expect(await createPrismaSessionStorage().loadSession(id)).toEqual(expected);
    expect(await createPrismaSessionStorage().loadSession("offline_nobody.myshopify.com")).toBeUndefined();
    // Its table check at construction is lean too, and still says whether the table is there.
    expect(await createPrismaSessionStorage().isReady()).toBe(true);
  });

  it("says plainly when a row is not there", async () => {
    expect(await getOrder("no-such-order")).toBeNull();
    expect(await getShop("no-such-shop.myshopify.com")).toBeNull();
    await expect(getOrderOrThrow("no-such-order")).rejects.toThrow("order no-such-order does not exist");
    await expect(getShopOrThrow("no-such-shop.myshopify.com")).rejects.toThrow("shop no-such-shop.myshopify.com is not installed");
  });
});
