/**
 * The one shape of every webhook route: verify the delivery for the route's own topic, hand it to
 * the domain, answer 200. When the database cannot take the write (disk full, read-only, down),
 * answer 503 with Retry-After so Shopify delivers it again later instead of it being lost; any
 * other error stays a 500 (also retried by Shopify, and visible as a bug).
 */
import type { ActionFunctionArgs } from "@remix-run/node";
import { logger } from "~/logger.server";
import { isStorageFault } from "~/models/storage-fault";
import { verifyWebhookRequest, type VerifiedDelivery, type WebhookTopic } from "./webhook-delivery.server";

export const STORAGE_RETRY_AFTER_SECONDS = 60;

/** The driver's own words (the last line of a Prisma message), never the payload or a stack. */
function faultReason(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const lines = message
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);
  return (lines.at(-1) ?? "unknown").slice(0, 200);
}

export type WebhookHandler = (delivery: VerifiedDelivery) => Promise<unknown>;

/** Hands a verified delivery to the domain and says what to answer (both the Remix route and server.js's lean handler). */
export async function answerDelivery(topic: WebhookTopic, handle: WebhookHandler, delivery: VerifiedDelivery): Promise<Response> {
  try {
    await handle(delivery);
  } catch (error) {
    if (!isStorageFault(error)) throw error;
    const { shop, webhookId } = delivery;
    logger.error(
      { shop, topic, webhookId, reason: faultReason(error) },
      "webhook not stored: the database is unavailable; Shopify will retry",
    );
    return new Response("The database is unavailable; please retry", {
      status: 503,
      headers: { "Retry-After": String(STORAGE_RETRY_AFTER_SECONDS), "Cache-Control": "no-store" },
    });
  }
  return new Response(null, { status: 200 });
}

export function webhookAction(topic: WebhookTopic, handle: WebhookHandler) {
  return async ({ request }: ActionFunctionArgs): Promise<Response> =>
    answerDelivery(topic, handle, await verifyWebhookRequest(request, { topic }));
}
