/**
 * The three mandatory compliance webhooks, after their HMAC was verified: record the delivery
 * (evidence without the payload, which holds personal data) and do the work. Redacting one
 * customer and noting a data request take milliseconds and happen here; shop/redact, which may
 * touch every order of a shop, is a queue job. A repeat delivery is acknowledged without work.
 */
import type { VerifiedDelivery } from "~/integrations/shopify/webhook-delivery.server";
import { enqueue, JOB_TYPES, wakeWorkers } from "~/domain/enqueue.server";
import { logger } from "~/logger.server";
import { isUniqueViolation } from "~/models/db-types";
import { findDelivery, recordDelivery } from "~/models/webhook-delivery.server";
import { customersDataRequestSchema, customersRedactSchema, shopRedactSchema } from "./compliance-payloads";
import { recordCustomerDataRequest } from "./data-request.server";
import { redactCustomer } from "./redact.server";

export type ComplianceOutcome = "processed" | "duplicate" | "invalid";

function parseJson(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
}

async function act(delivery: VerifiedDelivery, body: unknown): Promise<string | null> {
  switch (delivery.topic) {
    case "customers/redact": {
      const parsed = customersRedactSchema.safeParse(body);
      if (!parsed.success) return "The customers/redact payload could not be read.";
      const { customer, orders_to_redact } = parsed.data;
      await redactCustomer(delivery.shop, {
        customerId: customer.id,
        orderIds: orders_to_redact,
        email: customer.email,
        phone: customer.phone,
      });
      return null;
    }
    case "customers/data_request": {
      const parsed = customersDataRequestSchema.safeParse(body);
      if (!parsed.success) return "The customers/data_request payload could not be read.";
      const { customer, orders_requested, data_request } = parsed.data;
      await recordCustomerDataRequest(
        delivery.shop,
        { customerId: customer.id, orderIds: orders_requested, email: customer.email, phone: customer.phone },
        data_request?.id ?? null,
      );
      return null;
    }
    case "shop/redact": {
      if (!shopRedactSchema.safeParse(body).success) return "The shop/redact payload could not be read.";
      await enqueue(JOB_TYPES.redactShop, { shop: delivery.shop, subjectId: delivery.shop });
      wakeWorkers();
      return null;
    }
    default:
      return `Not a compliance topic: ${delivery.topic}`;
  }
}

export async function receiveComplianceWebhook(delivery: VerifiedDelivery): Promise<ComplianceOutcome> {
  const { shop, topic, webhookId, eventId, triggeredAt } = delivery;
  if (await findDelivery(shop, topic, webhookId, eventId)) return "duplicate";
  const body = parseJson(delivery.rawBody);
  const problem = body === undefined ? "The payload is not valid JSON." : await act(delivery, body);
  try {
    await recordDelivery({ shop, topic, webhookId, eventId, triggeredAt, outcome: problem ? "invalid" : "processed", problem });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return "duplicate";
  }
  if (problem) logger.warn({ shop, topic, webhookId, problem }, "compliance webhook payload could not be used");
  return problem ? "invalid" : "processed";
}
