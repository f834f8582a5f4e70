/**
 * customers/data_request rows: what Shopify asked for, always read within their shop. The e-mail and
 * phone are the only personal data here; redaction erases them and keeps the rest as evidence.
 */
import type { CustomerDataRequest } from "@prisma/client";
import prisma from "~/models/db/client.server";
import { isUniqueViolation, type Db } from "./db-types";

export type { CustomerDataRequest };

export type NewCustomerDataRequest = {
  shop: string;
  shopifyRequestId: string | null;
  shopifyCustomerId: string | null;
  email: string | null;
  phone: string | null;
  shopifyOrderIds: readonly string[];
  receivedAt?: Date;
};

/** Records the request unless the shop already has one with Shopify's id; `created` says which. */
export async function ensureCustomerDataRequest(
  request: NewCustomerDataRequest,
  db: Db = prisma,
): Promise<{ request: CustomerDataRequest; created: boolean }> {
  const { shop, shopifyRequestId } = request;
  const existing = () =>
    shopifyRequestId ? db.customerDataRequest.findUnique({ where: { shop_shopifyRequestId: { shop, shopifyRequestId } } }) : null;
  const found = await existing();
  if (found) return { request: found, created: false };
  try {
    const created = await db.customerDataRequest.create({
      data: { ...request, shopifyOrderIds: JSON.stringify([...new Set(request.shopifyOrderIds)]) },
    });
    return { request: created, created: true };
  } catch (error) {
    // The same request delivered twice at once: the other delivery recorded it.
    const raced = isUniqueViolation(error) ? await existing() : null;
    if (!raced) throw error;
    return { request: raced, created: false };
  }
}

/** The shop's requests, newest first. */
export async function listCustomerDataRequests(shop: string, take = 100) {
  return prisma.customerDataRequest.findMany({ where: { shop }, orderBy: [{ receivedAt: "desc" }, { id: "desc" }], take });
}

/** The shop's requests whose customer's data is not erased yet (redaction matches against them). */
export async function listUnredactedCustomerDataRequests(shop: string, db: Db = prisma) {
  return db.customerDataRequest.findMany({ where: { shop, redactedAt: null } });
}

/** One request of the shop, or null (also for another shop's request). */
export async function findShopCustomerDataRequest(shop: string, id: string) {
  return prisma.customerDataRequest.findFirst({ where: { id, shop } });
}

export async function markCustomerDataRequestDownloaded(shop: string, id: string, at = new Date()) {
  await prisma.customerDataRequest.updateMany({ where: { id, shop }, data: { downloadedAt: at } });
}

/** Erases the customer's e-mail and phone from the requests and marks them redacted (a first date stays). */
export async function redactCustomerDataRequests(shop: string, ids: readonly string[] | "all", db: Db = prisma, at = new Date()) {
  const where = { shop, ...(ids === "all" ? {} : { id: { in: [...ids] } }) };
  await db.customerDataRequest.updateMany({ where: { ...where, redactedAt: null }, data: { redactedAt: at } });
  await db.customerDataRequest.updateMany({ where, data: { email: null, phone: null } });
}
