/**
 * The order page's shipping methods (GET /app/order-shipping/:id), loaded by the shipping and cost
 * card after the page so the page never waits on HyperSKU. Another shop's order answers "not found".
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { getShippingOptions } from "~/domain/shipping/shipping-options.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getShippingOptions(session.shop, params.id ?? ""), { headers: { "Cache-Control": "no-store" } });
};
