/**
 * The demo's order for a product HyperSKU has not sourced yet: the Linen Tote Bag of the demo
 * catalogue (simulators/shopify/product-catalogue.ts), which the HyperSKU twin seeds linked but not
 * sourced (simulators/hypersku/private-products.ts). Shipped to the United States.
 */
import { DEMO_CATALOGUE } from "../../simulators/shopify/product-catalogue";
import { buildRestAddress, buildRestLineItem, buildRestOrder } from "../../simulators/harness/order-payloads";

const tote = DEMO_CATALOGUE[1];

/** What the app asks HyperSKU about (refreshHyperskuSide). */
export const TOTE_VARIANT = {
  variantId: String(tote.variants[0].id),
  productId: String(tote.id),
  productTitle: tote.title,
  variantTitle: tote.variants[0].title,
  sku: null,
};

export function buildToteOrder() {
  const placedAt = new Date().toISOString();
  const payload = buildRestOrder({
    lineItems: [
      buildRestLineItem({
        unitPrice: "34.00",
        overrides: {
          product_id: tote.id,
          variant_id: tote.variants[0].id,
          title: tote.title,
          variant_title: tote.variants[0].title,
          name: `${tote.title} - ${tote.variants[0].title}`,
          quantity: 1,
        },
      }),
    ],
    shipping: "6.50",
    tax: "2.40",
    overrides: {
      created_at: placedAt,
      processed_at: placedAt,
      updated_at: placedAt,
      email: "grace@example.com",
      shipping_address: buildRestAddress({ first_name: "Grace", last_name: "Hopper", name: "Grace Hopper" }),
    },
  });
  return { payload };
}
