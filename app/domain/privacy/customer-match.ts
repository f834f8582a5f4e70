/**
 * Which stored orders are a privacy request's customer's, exactly as Shopify names them: the order
 * ids it lists, and orders whose contact e-mail or phone is the customer's, compared whole (never a
 * part of one: a request about bob@example.com is not about jimbob@example.com). Pure.
 *
 * An order is the customer's by its id, the customer id its webhooks carry (a GraphQL read has none),
 * or its e-mail or phone.
 */
import type { CustomerDataRequest } from "~/models/customer-data-request.server";
import { phoneKey } from "~/models/order-search-keys";

/** The customer a compliance webhook names: their id, the orders it lists, their e-mail and phone. */
export type DataSubject = {
  customerId: string | null;
  orderIds: readonly string[];
  email: string | null;
  phone: string | null;
};

/** E-mail addresses compare without surrounding spaces or case (Shopify stores them lower-cased). */
export const normaliseEmail = (email: string | null | undefined) => email?.trim().toLowerCase() || null;

/** Phones compare as their digits, whole ("+1 206-555-0100" is "+12065550100", never "+1 206-555-01009"). */
export const normalisePhone = phoneKey;

const same = (a: string | null, b: string | null) => a !== null && a === b;

/** Whether a stored order (its Shopify id and the snapshot's customer and contact) belongs to the subject. */
export function isSubjectsOrder(
  order: { shopifyOrderId: string; customerId?: string | null; email: string | null | undefined; phone: string | null | undefined },
  subject: DataSubject,
): boolean {
  return (
    subject.orderIds.includes(order.shopifyOrderId) ||
    same(order.customerId ?? null, subject.customerId) ||
    same(normaliseEmail(order.email), normaliseEmail(subject.email)) ||
    same(normalisePhone(order.phone), normalisePhone(subject.phone))
  );
}

/** Whether two requests name the same customer: same customer id, e-mail or phone, or a shared order. */
export function isSameSubject(a: DataSubject, b: DataSubject): boolean {
  return (
    same(a.customerId, b.customerId) ||
    same(normaliseEmail(a.email), normaliseEmail(b.email)) ||
    same(normalisePhone(a.phone), normalisePhone(b.phone)) ||
    a.orderIds.some((id) => b.orderIds.includes(id))
  );
}

/** The order ids a recorded request names (a JSON array of strings). */
export function readRequestedOrderIds(request: Pick<CustomerDataRequest, "shopifyOrderIds">): string[] {
  try {
    const ids: unknown = JSON.parse(request.shopifyOrderIds);
    return Array.isArray(ids) ? ids.map(String) : [];
  } catch {
    return [];
  }
}

/** The customer a recorded request is about. */
export const subjectOfRequest = (
  request: Pick<CustomerDataRequest, "shopifyCustomerId" | "email" | "phone" | "shopifyOrderIds">,
): DataSubject => ({
  customerId: request.shopifyCustomerId,
  orderIds: readRequestedOrderIds(request),
  email: request.email,
  phone: request.phone,
});
