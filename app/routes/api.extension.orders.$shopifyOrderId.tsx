/**
 * The order-details block's backend (extensions/hypersku-order-block). The extension's fetch carries
 * a session token: authenticate.admin verifies it (401 when expired or forged), answers the CORS
 * preflight, and names the shop; every answer gets the CORS headers. An order of another shop and
 * an unknown order get the same 404 with no data.
 *
 *   GET  /api/extension/orders/:shopifyOrderId -> 200 { order } | 404 { error: "not_found" }
 *   POST /api/extension/orders/:shopifyOrderId  intent=send-now|retry (form or JSON)
 *        -> 200 { result: { ok, message }, order } | 400 { error: "unknown_intent" } | 404
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getOrderBlockView, runOrderBlockAction } from "~/domain/extension/order-block.server";
import { parseOrderBlockIntent } from "~/domain/extension/order-block-view";
import { INTENT_FIELD } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";

const NO_STORE = { "Cache-Control": "no-store" };
const notFound = () => json({ error: "not_found" }, { status: 404, headers: NO_STORE });

async function readIntent(request: Request): Promise<unknown> {
  try {
    if (request.headers.get("Content-Type")?.includes("application/json")) {
      return ((await request.json()) as { intent?: unknown } | null)?.intent;
    }
    return (await request.formData()).get(INTENT_FIELD);
  } catch {
    return null;
  }
}

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session, cors } = await authenticate.admin(request);
  const view = await getOrderBlockView(session.shop, params.shopifyOrderId ?? "");
  return cors(view ? json({ order: view }, { headers: NO_STORE }) : notFound());
};

export const action = async ({ request, params }: ActionFunctionArgs) => {
  // Also answers the OPTIONS preflight (204 with CORS headers) before anything else runs.
  const { session, cors } = await authenticate.admin(request);
  if (request.method !== "POST") {
    return cors(json({ error: "method_not_allowed" }, { status: 405, headers: { Allow: "GET, POST, OPTIONS" } }));
  }
  const intent = parseOrderBlockIntent(await readIntent(request));
  if (!intent) return cors(json({ error: "unknown_intent" }, { status: 400, headers: NO_STORE }));
  const outcome = await runOrderBlockAction(session.shop, params.shopifyOrderId ?? "", intent);
  return cors(outcome ? json(outcome, { headers: NO_STORE }) : notFound());
};
