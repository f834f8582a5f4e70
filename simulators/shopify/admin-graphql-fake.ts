/**
 * An offline, stateful fake of the Shopify Admin GraphQL operations the app makes. Strict: an
 * operation it does not know, or variables of the wrong shape, is an error, so a passing test
 * means the app sent what Shopify expects. Orders are stored as Admin GraphQL `Order` nodes.
 *
 * Fulfillment orders follow Shopify's model: putting an order creates one OPEN, merchant-managed
 * fulfillment order holding all its line items at the shop's location. `fulfillmentCreate` checks
 * what Shopify checks (ids, quantities against what remains, statuses, one location) and answers
 * `userErrors` as Shopify does; fulfillment orders assigned to a fulfillment service are hidden, as
 * they are from an app with only the merchant-managed scopes. Tests change the state the way a
 * merchant would (hold, fulfil by hand, reassign) and read `fulfillments` to assert on.
 *
 * Orders placed with `placeOrder` (a REST order, as its webhooks carry it) are followed up the way
 * Shopify follows them up: the app's fulfillments and the merchant's and other actors' actions change
 * the REST order (rest-order-state.ts says how, with sources) and its GraphQL view (rest-to-graphql.ts),
 * and raise the webhooks Shopify raises, queued in `webhooks` for the topics shopify.app.toml
 * subscribes to (webhook-outbox.ts). What the twin reproduces, and from where:
 * - fulfillmentCreate / "Mark as fulfilled": the fulfillment order's remaining quantities and status
 *   (OPEN -> IN_PROGRESS -> CLOSED), the line's fulfillable_quantity and fulfillment_status, the
 *   order's fulfillment_status and fulfillments[]; `fulfillments/create`, `orders/updated` and
 *   `orders/fulfilled` or `orders/partially_fulfilled` (stack notes; REST Order and Fulfillment
 *   resources; webhook topic list). fulfillmentTrackingInfoUpdate: `fulfillments/update`, `orders/updated`.
 * - Refunds (`refunds/create`, `orders/updated`), order edits (`orders/edited`, `orders/updated`),
 *   cancellation with or without refund (`orders/cancelled`, `orders/updated`), an address change and
 *   a later payment (`orders/paid`) (REST Refund and Order resources, orderEditSetQuantity).
 * - Other actors: another app's fulfillment hold and its release (FulfillmentHold.heldByApp, handle;
 *   `fulfillment_orders/placed_on_hold`, `fulfillment_orders/hold_released`), a line moved to a
 *   fulfillment service (`fulfillment_orders/moved`), a product deleted or re-created with new ids
 *   (`products/delete`, `products/create`), a variant's SKU changed (`products/update`).
 * - Privacy: a customer's data request and redaction (`customers/data_request`, `customers/redact`).
 * - Refusals with Shopify's userErrors: more than remains, a closed or held fulfillment order, another
 *   order's or location's fulfillment orders, a tracking URL without a number, an unknown fulfillment;
 *   releasing a hold the app did not place (INVALID_ACCESS), a hold handle used twice, an 11th hold.
 * - The app's own holds and progress reports (fulfillmentOrderHold, fulfillmentOrderReleaseHold,
 *   fulfillmentOrderReportProgress, 2026-10 schema), for the app's use of Shopify's own surfaces.
 *
 * Products come from a demo catalogue (product-catalogue.ts) that tests edit as a merchant would;
 * `nodes(ids:)` answers from it, priced and limited as Shopify prices and limits it. Every answer's
 * requested cost is kept in `requestedCosts`, so a test can assert what an order cost in points.
 */
import type { AdminGraphql, GraphqlResponse } from "~/integrations/shopify/admin-graphql.server";
import { MAX_LIST_ARGUMENT, MAX_QUERY_COST } from "~/integrations/shopify/query-limits";
import { DEMO_CATALOGUE, type FakeProduct, variantNode } from "./product-catalogue";
import {
  answerCatalogueVariants,
  answerVariantsCount,
  CatalogueInputError,
  FakeInventory,
  productWebhookPayload,
} from "./catalogue-graphql";
import type { JsonObject } from "../harness/json";
import * as restOrderState from "./rest-order-state";
import type { RestOrder } from "./rest-order-state";
import { graphqlOrderOfRest } from "./rest-to-graphql";
import { WebhookOutbox } from "./webhook-outbox";

type OrderNode = { id: string; updatedAt: string } & Record<string, unknown>;

export type AdminCall = { shop: string; operation: string; variables: Record<string, unknown> };

type FakeFulfillmentOrderStatus = "OPEN" | "IN_PROGRESS" | "ON_HOLD" | "SCHEDULED" | "CLOSED" | "CANCELLED" | "INCOMPLETE";

export type FakeFulfillmentOrder = {
  id: string;
  orderId: string;
  status: FakeFulfillmentOrderStatus;
  /** merchant: the shop's own location; service: a fulfillment service's (invisible to the app). */
  managedBy: "merchant" | "service";
  location: { id: string; name: string };
  /** Each hold with the app that placed it (null: the merchant) and its handle, as FulfillmentHold has them. */
  holds: { id?: string; reason: string; reasonNotes: string | null; heldByApp?: string | null; handle?: string | null }[];
  /** What the app reported with fulfillmentOrderReportProgress, oldest first. */
  progressReports?: (string | null)[];
  lineItems: { id: string; lineItemId: string; totalQuantity: number; remainingQuantity: number }[];
};

export type FakeTrackingInfo = { company: string | null; number: string | null; url: string | null };

export type FakeFulfillment = {
  id: string;
  shop: string;
  orderId: string;
  status: "SUCCESS" | "CANCELLED";
  /** app: made through fulfillmentCreate; merchant: by hand in the admin (fulfillByHand). */
  createdBy: "app" | "merchant";
  lineItems: { fulfillmentOrderId: string; fulfillmentOrderLineItemId: string; lineItemId: string; quantity: number }[];
  trackingInfo: FakeTrackingInfo;
  notifyCustomer: boolean;
  trackingUpdates: { trackingInfo: FakeTrackingInfo; notifyCustomer: boolean }[];
};

type UserError = { field: string[] | null; message: string };
type Variables = Record<string, unknown>;

const COST = { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1948, restoreRate: 100 } };
/** A shop's `ianaTimezone` until setShopTimezone moves it: not UTC, so a time shown in UTC by mistake shows. */
export const DEFAULT_SHOP_TIMEZONE = "America/New_York";
const SHOP_LOCATION = { id: "gid://shopify/Location/1", name: "Shop location" };
const SERVICE_LOCATION = { id: "gid://shopify/Location/2", name: "Fulfillment service" };
const FULFILLABLE = new Set<FakeFulfillmentOrderStatus>(["OPEN", "IN_PROGRESS"]);
/** The app the twin's callers are: the holds it places are its own (FulfillmentHold.heldByRequestingApp). */
const THIS_APP = "HyperSKU for Shopify";
/** FulfillmentHoldReason in the 2026-10 schema. */
const HOLD_REASONS = new Set([
  "AWAITING_PAYMENT",
  "HIGH_RISK_OF_FRAUD",
  "INCORRECT_ADDRESS",
  "INVENTORY_OUT_OF_STOCK",
  "UNKNOWN_DELIVERY_DATE",
  "OTHER",
  "AWAITING_RETURN_ITEMS",
  "ONLINE_STORE_POST_PURCHASE_CROSS_SELL",
]);
/**
 * What Shopify charges per id of the VariantFacts selection: the variant, its image, the product, its
 * featured media, the preview and its image (tests/contract/admin-graphql.test.ts prices the app's
 * document with the schema and expects the same).
 */
const VARIANT_NODE_COST = 6;

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);
const gidOf = (type: string, value: unknown) => typeof value === "string" && new RegExp(`^gid://shopify/${type}/\\d+$`).test(value);

class InputError extends Error {}

/** "gid://shopify/Order/5" for 5, "5" or the gid itself. */
const orderGid = (id: unknown) => (String(id).startsWith("gid://") ? String(id) : `gid://shopify/Order/${String(id)}`);
const numericId = (gid: string) => Number(gid.replace(/^.*\//, ""));

function onlyKeys(value: Record<string, unknown>, allowed: string[], where: string) {
  const extra = Object.keys(value).filter((key) => !allowed.includes(key));
  if (extra.length > 0) throw new InputError(`${where} has unknown field(s) ${extra.join(", ")}`);
}

function optionalString(value: Record<string, unknown>, key: string, where: string) {
  if (value[key] !== undefined && value[key] !== null && typeof value[key] !== "string")
    throw new InputError(`${where}.${key} must be a String`);
}

/** FulfillmentTrackingInput: company, number, url (or numbers/urls), each a String. */
function checkTrackingInput(value: unknown, where: string): FakeTrackingInfo {
  if (!isObject(value)) throw new InputError(`${where} must be a FulfillmentTrackingInput object`);
  onlyKeys(value, ["company", "number", "url", "numbers", "urls"], where);
  for (const key of ["company", "number", "url"]) optionalString(value, key, where);
  return { company: (value.company as string) ?? null, number: (value.number as string) ?? null, url: (value.url as string) ?? null };
}

export class ShopifyAdminFake {
  private readonly orders = new Map<string, OrderNode[]>();
  private readonly fulfillmentOrdersByShop = new Map<string, FakeFulfillmentOrder[]>();
  private readonly shopNames = new Map<string, string>();
  private readonly shopTimezones = new Map<string, string>();
  private readonly locationsByShop = new Map<string, { id: string; name: string }[]>();
  private readonly catalogues = new Map<string, FakeProduct[]>();
  readonly calls: AdminCall[] = [];
  /** Inventory quantities per item and location (catalogue-graphql.ts). */
  readonly inventory = new FakeInventory();
  /** The requested cost Shopify would report for each call, in call order (refused calls included). */
  readonly requestedCosts: { operation: string; cost: number }[] = [];
  /** Every fulfillment, in creation order (the app's and the merchant's). */
  readonly fulfillments: FakeFulfillment[] = [];
  /** Answer the next N calls with Shopify's THROTTLED error. */
  throttleNext = 0;
  /** Answers the next fulfillmentCreate / fulfillmentTrackingInfoUpdate with these userErrors instead of acting. */
  readonly rejectNext: { operation: "FulfillmentCreate" | "FulfillmentTrackingInfoUpdate"; userErrors: UserError[] }[] = [];
  /** Webhooks raised by the twin's changes, for the topics the app subscribes to (webhook-outbox.ts). */
  readonly webhooks = new WebhookOutbox();
  /** Orders placed as REST orders (placeOrder): the truth their webhooks and GraphQL reads come from. */
  private readonly restOrders = new Map<string, Map<string, RestOrder>>();
  private sequence = 1000;
  private lastChangeAt = 0;

  /**
   * A customer checks out: the order as its webhooks carry it. Shopify raises `orders/create`, then
   * `orders/updated` (the order's first update, seen right after creation), and `orders/paid` once
   * the payment is captured (at once for a paid order).
   */
  placeOrder(shop: string, payload: JsonObject): RestOrder {
    const order = structuredClone(payload);
    const byShop = this.restOrders.get(shop) ?? new Map<string, RestOrder>();
    byShop.set(orderGid(order.id), order);
    this.restOrders.set(shop, byShop);
    this.putOrder(shop, graphqlOrderOfRest(order) as OrderNode);
    this.webhooks.raise(shop, "orders/create", order);
    this.webhooks.raise(shop, "orders/updated", order);
    if (order.financial_status === "paid") this.webhooks.raise(shop, "orders/paid", order);
    return structuredClone(order);
  }

  /** The order as Shopify's next webhook would carry it (placeOrder orders only). */
  restOrder(shop: string, orderId: string | number): RestOrder {
    const order = this.restOrders.get(shop)?.get(orderGid(orderId));
    if (!order) throw new Error(`the Shopify twin has no REST order ${orderId} for ${shop} (placeOrder it first)`);
    return structuredClone(order);
  }

  putOrder(shop: string, node: OrderNode) {
    const list = this.orders.get(shop) ?? [];
    const index = list.findIndex((existing) => existing.id === node.id);
    if (index >= 0) list[index] = node;
    else list.push(node);
    this.orders.set(shop, list);
    if (!this.fulfillmentOrdersOf(shop).some((fo) => fo.orderId === node.id)) this.createFulfillmentOrder(shop, node);
  }

  /** The name the merchant gave the shop in Shopify's settings (renaming it, as the merchant would). */
  setShopName(shop: string, name: string) {
    this.shopNames.set(shop, name);
  }

  /** The shop's products: the demo catalogue until a test changes it. */
  products(shop: string): FakeProduct[] {
    let list = this.catalogues.get(shop);
    if (!list) {
      list = structuredClone([...DEMO_CATALOGUE]);
      this.catalogues.set(shop, list);
    }
    return list;
  }

  /** The merchant adds a product, or edits one (same id): its handle, images, vendor, type, tags. */
  putProduct(shop: string, product: FakeProduct) {
    const list = this.products(shop);
    const index = list.findIndex((existing) => existing.id === product.id);
    if (index >= 0) list[index] = structuredClone(product);
    else list.push(structuredClone(product));
  }

  /** Replaces the shop's whole catalogue (the bench's and the Products page tests' large stores). */
  setProducts(shop: string, products: FakeProduct[]) {
    this.catalogues.set(shop, products);
  }

  /**
   * The merchant deletes a product: `products/delete`, with the product's id only. Orders that
   * bought it keep the line's title, SKU and variant title, but from then on their webhooks carry
   * `product_id` and `variant_id` null and `product_exists` false (REST Order resource, line_items).
   */
  deleteProduct(shop: string, productId: number) {
    this.catalogues.set(
      shop,
      this.products(shop).filter((product) => product.id !== productId),
    );
    this.webhooks.raise(shop, "products/delete", { id: productId });
    for (const [key, order] of this.restOrders.get(shop) ?? []) {
      const lines = order.line_items as JsonObject[];
      if (!lines.some((line) => line.product_id === productId)) continue;
      const next = {
        ...order,
        line_items: lines.map((line) =>
          line.product_id === productId ? { ...line, product_id: null, variant_id: null, product_exists: false } : line,
        ),
      };
      this.restOrders.get(shop)!.set(key, next);
      const list = this.orders.get(shop) ?? [];
      const index = list.findIndex((node) => node.id === key);
      if (index >= 0) list[index] = graphqlOrderOfRest(next) as OrderNode;
    }
  }

  /**
   * The merchant deletes a product and creates it again (an import, a theme's duplicate): the same
   * title, options and SKUs under new product and variant ids. Returns the new product.
   */
  recreateProduct(shop: string, productId: number): FakeProduct {
    const old = this.products(shop).find((product) => product.id === productId);
    if (!old) throw new Error(`the Shopify twin has no product ${productId} for ${shop}`);
    this.deleteProduct(shop, productId);
    const product: FakeProduct = {
      ...structuredClone(old),
      id: this.nextNumber(),
      variants: old.variants.map((variant) => ({ ...variant, id: this.nextNumber() })),
    };
    this.putProduct(shop, product);
    this.webhooks.raise(shop, "products/create", { ...productWebhookPayload(product), updated_at: this.now() });
    return structuredClone(product);
  }

  /** The merchant changes a variant's SKU: `products/update` with the whole product. */
  changeVariantSku(shop: string, variantId: number, sku: string | null) {
    const product = this.products(shop).find((candidate) => candidate.variants.some((variant) => variant.id === variantId));
    if (!product) throw new Error(`the Shopify twin has no variant ${variantId} for ${shop}`);
    product.variants = product.variants.map((variant) => (variant.id === variantId ? { ...variant, sku } : variant));
    this.webhooks.raise(shop, "products/update", { ...productWebhookPayload(product), updated_at: this.now() });
  }

  /** The merchant deletes a variant: Shopify answers a null node for it from then on. */
  deleteVariant(shop: string, variantId: number) {
    for (const product of this.products(shop)) product.variants = product.variants.filter((v) => v.id !== variantId);
  }

  /** The shop's IANA time zone in Shopify's settings ("America/New_York" until a test moves the shop). */
  setShopTimezone(shop: string, ianaTimezone: string) {
    this.shopTimezones.set(shop, ianaTimezone);
  }

  /** An AdminGraphql bound to one shop, as the app's factory hands out. */
  clientFor(shop: string): AdminGraphql {
    return async <T>(query: string, variables: Record<string, unknown> = {}) => this.handle(shop, query, variables) as GraphqlResponse<T>;
  }

  // ---- What the merchant does in the admin ---------------------------------------------------

  /** The order's fulfillment orders, all of them (also those the app cannot see). */
  fulfillmentOrders(shop: string, orderId: string): FakeFulfillmentOrder[] {
    return structuredClone(this.fulfillmentOrdersOf(shop).filter((fo) => fo.orderId === orderGid(orderId)));
  }

  /**
   * The merchant, or another app (`heldByApp`, with its `handle`), holds the order's open fulfillment
   * orders: Shopify raises `fulfillment_orders/placed_on_hold`.
   */
  holdFulfillmentOrders(
    shop: string,
    orderId: string,
    reason = "OTHER",
    reasonNotes: string | null = null,
    by: { heldByApp?: string | null; handle?: string | null } = {},
  ) {
    // Since 2025-01 a fulfillment order already on hold takes more holds.
    const holdable = this.fulfillmentOrdersOf(shop).filter(
      (fo) => fo.orderId === orderGid(orderId) && (FULFILLABLE.has(fo.status) || fo.status === "ON_HOLD"),
    );
    for (const fo of holdable) {
      fo.status = "ON_HOLD";
      fo.holds.push({ id: this.gid("FulfillmentHold"), reason, reasonNotes, heldByApp: by.heldByApp ?? null, handle: by.handle ?? null });
      this.webhooks.raise(shop, "fulfillment_orders/placed_on_hold", { fulfillment_order: { id: fo.id, status: "on_hold" } });
    }
  }

  /** The holds are released (all of them, or only those `heldByApp` placed): `fulfillment_orders/hold_released`. */
  releaseHolds(shop: string, orderId: string, heldByApp?: string) {
    for (const fo of this.fulfillmentOrdersOf(shop).filter((f) => f.orderId === orderGid(orderId) && f.status === "ON_HOLD")) {
      fo.holds = heldByApp === undefined ? [] : fo.holds.filter((hold) => hold.heldByApp !== heldByApp);
      if (fo.holds.length > 0) continue;
      fo.status = fo.lineItems.some((line) => line.remainingQuantity < line.totalQuantity) ? "IN_PROGRESS" : "OPEN";
      this.webhooks.raise(shop, "fulfillment_orders/hold_released", { fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } });
    }
  }

  /** The merchant marks items fulfilled by hand (all remaining units when no lines are given). */
  fulfillByHand(shop: string, orderId: string, lines?: { lineItemId: string; quantity: number }[]): FakeFulfillment {
    const fulfilled: FakeFulfillment["lineItems"] = [];
    for (const fo of this.openOrders(shop, orderId)) {
      for (const line of fo.lineItems) {
        const wanted = lines ? (lines.find((l) => l.lineItemId === line.lineItemId)?.quantity ?? 0) : line.remainingQuantity;
        const quantity = Math.min(wanted, line.remainingQuantity);
        if (quantity <= 0) continue;
        line.remainingQuantity -= quantity;
        fulfilled.push({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItemId: line.id, lineItemId: line.lineItemId, quantity });
      }
      this.settle(fo);
    }
    const fulfillment = this.record(shop, orderGid(orderId), "merchant", fulfilled, { company: null, number: null, url: null }, false);
    this.followFulfillment(shop, fulfillment);
    return fulfillment;
  }

  /** The merchant refunds units (of a placeOrder order): `refunds/create`, `orders/updated`. */
  refund(shop: string, orderId: string, lines: restOrderState.RefundLine[], options: { restock?: boolean } = {}) {
    this.changeRestOrder(shop, orderId, ["refunds/create", "orders/updated"], (order, at) =>
      restOrderState.addRefund(order, { id: this.nextNumber(), lines, restock: options.restock }, at),
    );
    for (const line of lines) this.takeUnits(shop, orderId, String(line.lineItemId), line.quantity);
  }

  /** The merchant edits the order: a line's new quantity (0 removes it), or a variant added. `orders/edited`, `orders/updated`. */
  editOrder(shop: string, orderId: string, edit: { setQuantity?: { lineItemId: number; quantity: number }[]; addLines?: JsonObject[] }) {
    this.changeRestOrder(shop, orderId, ["orders/edited", "orders/updated"], (order, at) => {
      let next = order;
      for (const change of edit.setQuantity ?? []) {
        const before = (next.line_items as JsonObject[]).find((line) => line.id === change.lineItemId);
        const current = Number(before?.current_quantity ?? before?.quantity ?? 0);
        next = restOrderState.editQuantity(next, change.lineItemId, change.quantity, this.nextNumber(), at);
        if (change.quantity < current) this.takeUnits(shop, orderId, String(change.lineItemId), current - change.quantity);
        else this.addUnits(shop, orderId, String(change.lineItemId), change.quantity - current);
      }
      for (const line of edit.addLines ?? []) {
        next = restOrderState.addLine(next, line, at);
        this.addUnits(shop, orderId, String(line.id), Number(line.quantity ?? 1));
      }
      return next;
    });
  }

  /** The merchant cancels the order (refunding the payment or not): `orders/cancelled`, `orders/updated`. Its fulfillment orders close. */
  cancelOrder(shop: string, orderId: string, options: { refund: boolean; reason?: string }) {
    this.changeRestOrder(shop, orderId, ["orders/cancelled", "orders/updated"], (order, at) => restOrderState.cancel(order, options, at));
    for (const fo of this.fulfillmentOrdersOf(shop).filter((f) => f.orderId === orderGid(orderId) && f.status !== "CLOSED"))
      fo.status = "CLOSED";
  }

  /** The merchant changes the shipping address: `orders/updated`. */
  changeShippingAddress(shop: string, orderId: string, address: JsonObject) {
    this.changeRestOrder(shop, orderId, ["orders/updated"], (order, at) => restOrderState.changeShippingAddress(order, address, at));
  }

  /** The payment of an unpaid order is captured: `orders/paid`, `orders/updated`. */
  markPaid(shop: string, orderId: string) {
    this.changeRestOrder(shop, orderId, ["orders/paid", "orders/updated"], (order, at) => restOrderState.markPaid(order, at));
  }

  /**
   * A customer asks the merchant for their data: Shopify sends the mandatory `customers/data_request`
   * (shop_id, shop_domain, orders_requested, customer {id, email, phone}, data_request {id}), as the
   * privacy law compliance webhooks page lists it.
   */
  requestCustomerData(shop: string, customer: { id: number; email: string | null; phone: string | null }, orderIds: number[]) {
    this.webhooks.raise(shop, "customers/data_request", {
      shop_id: this.shopIdOf(shop),
      shop_domain: shop,
      orders_requested: orderIds,
      customer,
      data_request: { id: this.nextNumber() },
    });
  }

  /** Shopify asks the app to erase a customer's data (`customers/redact`, with orders_to_redact). */
  redactCustomer(shop: string, customer: { id: number; email: string | null; phone: string | null }, orderIds: number[]) {
    this.webhooks.raise(shop, "customers/redact", {
      shop_id: this.shopIdOf(shop),
      shop_domain: shop,
      customer,
      orders_to_redact: orderIds,
    });
  }

  /** A line item moves to a fulfillment service's location (the app no longer sees it). */
  assignToFulfillmentService(shop: string, orderId: string, lineItemId: string) {
    for (const fo of this.openOrders(shop, orderId)) {
      const line = fo.lineItems.find((l) => l.lineItemId === lineItemId);
      if (!line) continue;
      fo.lineItems = fo.lineItems.filter((l) => l !== line);
      this.fulfillmentOrdersOf(shop).push({
        id: this.gid("FulfillmentOrder"),
        orderId: orderGid(orderId),
        status: "OPEN",
        managedBy: "service",
        location: SERVICE_LOCATION,
        holds: [],
        lineItems: [line],
      });
      if (fo.lineItems.length === 0) fo.status = "CLOSED";
      this.webhooks.raise(shop, "fulfillment_orders/moved", { original_fulfillment_order: { id: fo.id } });
    }
    this.changeRestOrder(shop, orderId, ["orders/updated"], (order, at) => ({
      ...order,
      line_items: (order.line_items as JsonObject[]).map((line) =>
        String(line.id) === lineItemId ? { ...line, fulfillment_service: "fulfillment-service" } : line,
      ),
      updated_at: at,
    }));
  }

  /**
   * The merchant (or Shopify's order routing) moves a line item's units to another location of the
   * merchant's own, e.g. a warehouse they ship from themselves: the app still sees it, elsewhere.
   */
  moveToLocation(shop: string, orderId: string, lineItemId: string, location: { id: string; name: string }) {
    this.addLocation(shop, location);
    for (const fo of this.openOrders(shop, orderId)) {
      const line = fo.lineItems.find((l) => l.lineItemId === lineItemId);
      if (!line || fo.location.id === location.id) continue;
      fo.lineItems = fo.lineItems.filter((l) => l !== line);
      const target = this.openOrders(shop, orderId).find((other) => other.location.id === location.id && other.managedBy === "merchant");
      if (target) target.lineItems.push(line);
      else
        this.fulfillmentOrdersOf(shop).push({
          id: this.gid("FulfillmentOrder"),
          orderId: orderGid(orderId),
          status: "OPEN",
          managedBy: "merchant",
          location,
          holds: [],
          lineItems: [line],
        });
      if (fo.lineItems.length === 0) fo.status = "CLOSED";
    }
  }

  /** A location of the merchant's own (the shop's location exists from the start). */
  addLocation(shop: string, location: { id: string; name: string }) {
    const list = this.locationsOf(shop);
    if (!list.some((existing) => existing.id === location.id)) list.push(location);
  }

  // ---- The GraphQL endpoint ------------------------------------------------------------------

  private handle(shop: string, query: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const operation = /(?:query|mutation)\s+(\w+)/.exec(query)?.[1] ?? "anonymous";
    this.calls.push({ shop, operation, variables: structuredClone(variables) });
    const answer = this.answer(shop, operation, query, variables);
    const cost = answer.extensions?.cost?.requestedQueryCost;
    if (cost !== undefined) this.requestedCosts.push({ operation, cost });
    return answer;
  }

  private answer(shop: string, operation: string, query: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    if (this.throttleNext > 0) {
      this.throttleNext -= 1;
      return {
        errors: [{ message: "Throttled", extensions: { code: "THROTTLED" } }],
        extensions: {
          cost: { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 10, restoreRate: 100 } },
        },
      };
    }
    try {
      switch (operation) {
        case "RecentOrders":
          return this.recentOrders(shop, variables);
        case "ShopName":
          return this.shopName(shop, query, variables);
        case "ShopLocations":
          return this.shopLocations(shop, query, variables);
        case "OrderSnapshot":
          return this.orderSnapshot(shop, query, variables);
        case "PastOrdersCount":
        case "PastOrders":
          return this.pastOrders(shop, operation, variables);
        case "OrderFulfillmentOrders":
          return this.orderFulfillmentOrders(shop, query, variables);
        case "FulfillmentCreate":
          return this.fulfillmentCreate(shop, query, variables);
        case "FulfillmentTrackingInfoUpdate":
          return this.fulfillmentTrackingInfoUpdate(shop, query, variables);
        case "VariantFacts":
          return this.variantFacts(shop, query, variables);
        case "CatalogueVariants":
          return answerCatalogueVariants(this.products(shop), query, variables);
        case "CatalogueVariantsCount":
          return answerVariantsCount(this.products(shop));
        case "VariantInventory":
          return this.inventory.answerVariantInventory(this.products(shop), variables);
        case "FulfillmentOrderHold":
          return this.fulfillmentOrderHold(shop, query, variables);
        case "FulfillmentOrderReleaseHold":
          return this.fulfillmentOrderReleaseHold(shop, query, variables);
        case "FulfillmentOrderReportProgress":
          return this.fulfillmentOrderReportProgress(shop, query, variables);
        case "InventorySetQuantities":
          this.requireField(query, "inventorySetQuantities");
          return this.inventory.answerSetQuantities(variables);
        default:
          return { errors: [{ message: `The Shopify fake does not know the operation ${operation}` }] };
      }
    } catch (error) {
      if (error instanceof InputError || error instanceof CatalogueInputError)
        return { errors: [{ message: `Variable input is invalid: ${error.message}` }] };
      throw error;
    }
  }

  private recentOrders(shop: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const filter = String(variables.query ?? "");
    const match = /^updated_at:>='([^']+)'$/.exec(filter);
    if (!match || Number.isNaN(Date.parse(match[1]))) {
      return { errors: [{ message: `Invalid search query: ${filter}` }] };
    }
    const since = Date.parse(match[1]);
    const all = (this.orders.get(shop) ?? [])
      .filter((order) => Date.parse(order.updatedAt) >= since)
      .sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
    const start = variables.after ? Number(variables.after) : 0;
    const nodes = all.slice(start, start + 50);
    const end = start + nodes.length;
    return {
      data: { orders: { nodes, pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? String(end) : null } } },
      extensions: { cost: COST },
    };
  }

  /** Until a test names it, a shop is called after its handle, as a new Shopify store is ("ada-mugs" -> "Ada Mugs"). */
  private shopName(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    if (!/\bshop\s*\{[^}]*\bname\b/.test(query)) throw new InputError("the operation must select shop { name }");
    onlyKeys(variables, [], "variables");
    const handle = shop.replace(/\..*$/, "");
    const name =
      this.shopNames.get(shop) ??
      handle
        .split("-")
        .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
        .join(" ");
    // Like Shopify, answers the fields asked for: the zone only when `ianaTimezone` is selected.
    const zone = /\bshop\s*\{[^}]*\bianaTimezone\b/.test(query)
      ? { ianaTimezone: this.shopTimezones.get(shop) ?? DEFAULT_SHOP_TIMEZONE }
      : {};
    return { data: { shop: { name, ...zone } }, extensions: { cost: { ...COST, requestedQueryCost: 1 } } };
  }

  /** The merchant's active locations (a fulfillment service's location is not the merchant's to choose). */
  private shopLocations(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "locations");
    onlyKeys(variables, [], "variables");
    const nodes = this.locationsOf(shop).map((location) => ({ ...location, isActive: true, fulfillmentService: null }));
    return { data: { locations: { nodes } }, extensions: { cost: { ...COST, requestedQueryCost: 12 } } };
  }

  /** nodes(ids:) over the catalogue, priced and limited as Shopify prices and limits it. */
  private variantFacts(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "nodes");
    if (!/\.\.\.\s*on\s+ProductVariant\b/.test(query)) throw new InputError("the operation must select ... on ProductVariant");
    onlyKeys(variables, ["ids"], "variables");
    const ids = variables.ids;
    if (!Array.isArray(ids) || ids.some((id) => typeof id !== "string" || !/^gid:\/\/shopify\/\w+\/\d+$/.test(id)))
      throw new InputError(`ids must be a list of IDs, got ${JSON.stringify(ids)}`);
    const cost = { ...COST, requestedQueryCost: ids.length * VARIANT_NODE_COST };
    if (ids.length > MAX_LIST_ARGUMENT) {
      return {
        errors: [{ message: `The input array size of ${ids.length} is greater than the maximum allowed of ${MAX_LIST_ARGUMENT}.` }],
        extensions: { cost },
      };
    }
    if (cost.requestedQueryCost > MAX_QUERY_COST) {
      return {
        errors: [
          {
            message: `Query cost is ${cost.requestedQueryCost}, which exceeds the single query max cost limit (${MAX_QUERY_COST}).`,
            extensions: { code: "MAX_COST_EXCEEDED" },
          },
        ],
        extensions: { cost },
      };
    }
    const catalogue = this.products(shop);
    const nodes = (ids as string[]).map((id) => {
      const match = /^gid:\/\/shopify\/ProductVariant\/(\d+)$/.exec(id);
      if (!match) return {};
      const product = catalogue.find((p) => p.variants.some((v) => v.id === Number(match[1])));
      return product
        ? variantNode(
            product,
            product.variants.find((v) => v.id === Number(match[1]))!,
          )
        : null;
    });
    return { data: { nodes }, extensions: { cost } };
  }

  private orderFulfillmentOrders(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentOrders");
    onlyKeys(variables, ["id"], "variables");
    if (!gidOf("Order", variables.id)) throw new InputError(`id must be an Order ID, got ${JSON.stringify(variables.id)}`);
    const order = (this.orders.get(shop) ?? []).find((node) => node.id === variables.id);
    if (!order) return { data: { order: null }, extensions: { cost: COST } };
    const visible = this.fulfillmentOrdersOf(shop).filter((fo) => fo.orderId === order.id && fo.managedBy === "merchant");
    return {
      data: {
        order: {
          id: order.id,
          fulfillmentOrders: {
            nodes: visible.map((fo) => ({
              id: fo.id,
              status: fo.status,
              assignedLocation: { name: fo.location.name, location: { id: fo.location.id } },
              // Like Shopify, only the fields asked for (heldByApp is an App: its title here).
              fulfillmentHolds: fo.holds.map((hold) => ({
                reason: hold.reason,
                reasonNotes: hold.reasonNotes,
                ...(/\bheldByApp\b/.test(query) ? { heldByApp: hold.heldByApp ? { title: hold.heldByApp } : null } : {}),
                ...(/\bhandle\b/.test(query) ? { handle: hold.handle ?? null } : {}),
              })),
              lineItems: {
                nodes: fo.lineItems.map((line) => ({
                  id: line.id,
                  totalQuantity: line.totalQuantity,
                  remainingQuantity: line.remainingQuantity,
                  lineItem: { id: `gid://shopify/LineItem/${line.lineItemId}` },
                })),
              },
            })),
          },
          fulfillments: this.fulfillments
            .filter((f) => f.shop === shop && f.orderId === order.id)
            .map((f) => ({
              id: f.id,
              status: f.status,
              trackingInfo: f.trackingInfo.number || f.trackingInfo.company ? [{ ...f.trackingInfo }] : [],
            })),
        },
      },
      extensions: { cost: COST },
    };
  }

  private fulfillmentCreate(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentCreate");
    onlyKeys(variables, ["fulfillment", "message"], "variables");
    const input = variables.fulfillment;
    if (!isObject(input)) throw new InputError("fulfillment must be a FulfillmentInput object");
    onlyKeys(input, ["lineItemsByFulfillmentOrder", "notifyCustomer", "originAddress", "trackingInfo"], "fulfillment");
    if (input.notifyCustomer !== undefined && typeof input.notifyCustomer !== "boolean")
      throw new InputError("fulfillment.notifyCustomer must be a Boolean");
    const trackingInfo =
      input.trackingInfo === undefined
        ? { company: null, number: null, url: null }
        : checkTrackingInput(input.trackingInfo, "fulfillment.trackingInfo");
    const groups = input.lineItemsByFulfillmentOrder;
    if (!Array.isArray(groups) || groups.length === 0)
      throw new InputError("fulfillment.lineItemsByFulfillmentOrder must be a non-empty list");
    const requests = groups.map((group, index) => {
      const where = `fulfillment.lineItemsByFulfillmentOrder[${index}]`;
      if (!isObject(group)) throw new InputError(`${where} must be an object`);
      onlyKeys(group, ["fulfillmentOrderId", "fulfillmentOrderLineItems"], where);
      if (!gidOf("FulfillmentOrder", group.fulfillmentOrderId))
        throw new InputError(`${where}.fulfillmentOrderId must be a FulfillmentOrder ID`);
      const lines = group.fulfillmentOrderLineItems ?? [];
      if (!Array.isArray(lines)) throw new InputError(`${where}.fulfillmentOrderLineItems must be a list`);
      return {
        fulfillmentOrderId: group.fulfillmentOrderId as string,
        lines: lines.map((line, lineIndex) => {
          const at = `${where}.fulfillmentOrderLineItems[${lineIndex}]`;
          if (!isObject(line)) throw new InputError(`${at} must be an object`);
          onlyKeys(line, ["id", "quantity"], at);
          if (!gidOf("FulfillmentOrderLineItem", line.id)) throw new InputError(`${at}.id must be a FulfillmentOrderLineItem ID`);
          if (!Number.isInteger(line.quantity)) throw new InputError(`${at}.quantity must be an Int`);
          return { id: line.id as string, quantity: line.quantity as number };
        }),
      };
    });

    const rejected = this.takeRejection("FulfillmentCreate");
    if (rejected) return this.payload("fulfillmentCreate", { fulfillment: null, userErrors: rejected });

    const userErrors: UserError[] = [];
    if (trackingInfo.url && !trackingInfo.number)
      userErrors.push({ field: ["fulfillment", "trackingInfo", "url"], message: "A tracking URL requires a tracking number." });
    const found = requests.map((request) => ({ request, fo: this.visibleFulfillmentOrder(shop, request.fulfillmentOrderId) }));
    for (const { request, fo } of found) {
      if (!fo) {
        userErrors.push({ field: ["fulfillment"], message: `Fulfillment order ${request.fulfillmentOrderId} does not exist.` });
      } else if (!FULFILLABLE.has(fo.status)) {
        userErrors.push({
          field: ["fulfillment"],
          message: `Fulfillment order ${fo.id} has an unfulfillable status= ${fo.status.toLowerCase()}.`,
        });
      } else {
        for (const line of request.lines) {
          const held = fo.lineItems.find((l) => l.id === line.id);
          if (!held)
            userErrors.push({
              field: ["fulfillment"],
              message: `Fulfillment order line item ${line.id} does not belong to fulfillment order ${fo.id}.`,
            });
          else if (line.quantity <= 0 || line.quantity > held.remainingQuantity) {
            userErrors.push({ field: ["fulfillment"], message: "Invalid fulfillment order line item quantity requested." });
          }
        }
      }
    }
    const orders = found.map((f) => f.fo).filter((fo): fo is FakeFulfillmentOrder => fo !== undefined);
    if (new Set(orders.map((fo) => fo.orderId)).size > 1)
      userErrors.push({ field: ["fulfillment"], message: "All fulfillment orders must belong to the same order." });
    if (new Set(orders.map((fo) => fo.location.id)).size > 1) {
      userErrors.push({
        field: ["fulfillment"],
        message: "All fulfillment orders in this fulfillment must be assigned to the same location.",
      });
    }
    if (userErrors.length > 0) return this.payload("fulfillmentCreate", { fulfillment: null, userErrors });

    const lines: FakeFulfillment["lineItems"] = [];
    for (const { request, fo } of found) {
      const target = fo!;
      // Left blank, every remaining unit of the fulfillment order is fulfilled (Shopify's rule).
      const picks =
        request.lines.length > 0
          ? request.lines
          : target.lineItems.filter((l) => l.remainingQuantity > 0).map((l) => ({ id: l.id, quantity: l.remainingQuantity }));
      for (const pick of picks) {
        const held = target.lineItems.find((l) => l.id === pick.id)!;
        held.remainingQuantity -= pick.quantity;
        lines.push({
          fulfillmentOrderId: target.id,
          fulfillmentOrderLineItemId: held.id,
          lineItemId: held.lineItemId,
          quantity: pick.quantity,
        });
      }
      this.settle(target);
    }
    const fulfillment = this.record(shop, orders[0].orderId, "app", lines, trackingInfo, input.notifyCustomer === true);
    this.followFulfillment(shop, fulfillment);
    return this.payload("fulfillmentCreate", {
      fulfillment: {
        id: fulfillment.id,
        status: fulfillment.status,
        trackingInfo: fulfillment.trackingInfo.number ? [{ ...fulfillment.trackingInfo }] : [],
      },
      userErrors: [],
    });
  }

  private fulfillmentTrackingInfoUpdate(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentTrackingInfoUpdate");
    onlyKeys(variables, ["fulfillmentId", "trackingInfoInput", "notifyCustomer"], "variables");
    if (!gidOf("Fulfillment", variables.fulfillmentId)) throw new InputError("fulfillmentId must be a Fulfillment ID");
    const trackingInfo = checkTrackingInput(variables.trackingInfoInput, "trackingInfoInput");
    if (variables.notifyCustomer !== undefined && variables.notifyCustomer !== null && typeof variables.notifyCustomer !== "boolean") {
      throw new InputError("notifyCustomer must be a Boolean");
    }
    const rejected = this.takeRejection("FulfillmentTrackingInfoUpdate");
    if (rejected) return this.payload("fulfillmentTrackingInfoUpdate", { fulfillment: null, userErrors: rejected });
    const fulfillment = this.fulfillments.find((f) => f.shop === shop && f.id === variables.fulfillmentId);
    if (!fulfillment)
      return this.payload("fulfillmentTrackingInfoUpdate", {
        fulfillment: null,
        userErrors: [{ field: ["fulfillmentId"], message: "Fulfillment does not exist." }],
      });
    if (trackingInfo.url && !trackingInfo.number) {
      return this.payload("fulfillmentTrackingInfoUpdate", {
        fulfillment: null,
        userErrors: [{ field: ["trackingInfoInput", "url"], message: "A tracking URL requires a tracking number." }],
      });
    }
    fulfillment.trackingInfo = trackingInfo;
    fulfillment.trackingUpdates.push({ trackingInfo, notifyCustomer: variables.notifyCustomer === true });
    this.changeRestOrder(shop, fulfillment.orderId, ["fulfillments/update", "orders/updated"], (order, at) =>
      restOrderState.updateFulfillmentTracking(order, numericId(fulfillment.id), trackingInfo, at),
    );
    return this.payload("fulfillmentTrackingInfoUpdate", {
      fulfillment: { id: fulfillment.id, trackingInfo: [{ ...trackingInfo }] },
      userErrors: [],
    });
  }

  // ---- The app's own holds and progress reports ----------------------------------------------
  // FulfillmentOrderHold/ReleaseHold/ReportProgress of the 2026-10 schema: each app may place up to
  // 10 holds per fulfillment order (a `handle` tells them apart), releases only its own
  // (INVALID_ACCESS otherwise), and reports progress on an open or in-progress fulfillment order.

  private fulfillmentOrderHold(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentOrderHold");
    onlyKeys(variables, ["id", "fulfillmentHold"], "variables");
    if (!gidOf("FulfillmentOrder", variables.id)) throw new InputError("id must be a FulfillmentOrder ID");
    const input = variables.fulfillmentHold;
    if (!isObject(input)) throw new InputError("fulfillmentHold must be a FulfillmentOrderHoldInput object");
    onlyKeys(input, ["reason", "reasonNotes", "handle", "notifyMerchant", "externalId", "fulfillmentOrderLineItems"], "fulfillmentHold");
    if (!HOLD_REASONS.has(String(input.reason)))
      throw new InputError(`fulfillmentHold.reason must be a FulfillmentHoldReason, got ${JSON.stringify(input.reason)}`);
    for (const key of ["reasonNotes", "handle", "externalId"]) optionalString(input, key, "fulfillmentHold");
    const fo = this.visibleFulfillmentOrder(shop, variables.id as string);
    const refuse = (code: string, message: string) =>
      this.payload("fulfillmentOrderHold", {
        fulfillmentHold: null,
        fulfillmentOrder: null,
        userErrors: [{ field: ["id"], code, message }],
      });
    if (!fo) return refuse("FULFILLMENT_ORDER_NOT_FOUND", "Fulfillment order could not be found.");
    if (!FULFILLABLE.has(fo.status) && fo.status !== "ON_HOLD")
      return refuse("FULFILLMENT_ORDER_NOT_FOUND", `Fulfillment order ${fo.id} has an unholdable status= ${fo.status.toLowerCase()}.`);
    const own = fo.holds.filter((hold) => hold.heldByApp === THIS_APP);
    const handle = (input.handle as string | undefined) ?? "";
    if (own.some((hold) => (hold.handle ?? "") === handle))
      return refuse(
        "DUPLICATE_FULFILLMENT_HOLD_HANDLE",
        "The handle provided for the fulfillment hold is already in use by this app for another hold on this fulfillment order.",
      );
    if (own.length >= 10)
      return refuse(
        "FULFILLMENT_ORDER_HOLD_LIMIT_REACHED",
        "The maximum number of fulfillment holds for this fulfillment order has been reached for this app.",
      );
    const hold = {
      id: this.gid("FulfillmentHold"),
      reason: String(input.reason),
      reasonNotes: (input.reasonNotes as string | undefined) ?? null,
      heldByApp: THIS_APP,
      handle: handle || null,
    };
    fo.holds.push(hold);
    fo.status = "ON_HOLD";
    this.webhooks.raise(shop, "fulfillment_orders/placed_on_hold", { fulfillment_order: { id: fo.id, status: "on_hold" } });
    return this.payload("fulfillmentOrderHold", {
      fulfillmentHold: { id: hold.id, handle: hold.handle, reason: hold.reason },
      fulfillmentOrder: { id: fo.id, status: fo.status },
      userErrors: [],
    });
  }

  private fulfillmentOrderReleaseHold(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentOrderReleaseHold");
    onlyKeys(variables, ["id", "holdIds", "externalId"], "variables");
    if (!gidOf("FulfillmentOrder", variables.id)) throw new InputError("id must be a FulfillmentOrder ID");
    const holdIds = variables.holdIds;
    if (holdIds !== undefined && holdIds !== null && (!Array.isArray(holdIds) || holdIds.some((id) => !gidOf("FulfillmentHold", id))))
      throw new InputError("holdIds must be a list of FulfillmentHold IDs");
    const fo = this.visibleFulfillmentOrder(shop, variables.id as string);
    const refuse = (code: string, message: string, field: string[]) =>
      this.payload("fulfillmentOrderReleaseHold", { fulfillmentOrder: null, userErrors: [{ field, code, message }] });
    if (!fo) return refuse("FULFILLMENT_ORDER_NOT_FOUND", "Fulfillment order could not be found.", ["id"]);
    // Named holds must be this fulfillment order's; unnamed means all of them. Another app's is refused.
    const targets = Array.isArray(holdIds) ? fo.holds.filter((hold) => holdIds.includes(hold.id ?? "")) : fo.holds;
    if (targets.some((hold) => hold.heldByApp !== THIS_APP))
      return refuse("INVALID_ACCESS", "The app does not have access to release one or more of the fulfillment holds.", ["holdIds"]);
    fo.holds = fo.holds.filter((hold) => !targets.includes(hold));
    if (fo.holds.length === 0 && fo.status === "ON_HOLD") {
      fo.status = fo.lineItems.some((line) => line.remainingQuantity < line.totalQuantity) ? "IN_PROGRESS" : "OPEN";
      this.webhooks.raise(shop, "fulfillment_orders/hold_released", { fulfillment_order: { id: fo.id, status: fo.status.toLowerCase() } });
    }
    return this.payload("fulfillmentOrderReleaseHold", { fulfillmentOrder: { id: fo.id, status: fo.status }, userErrors: [] });
  }

  private fulfillmentOrderReportProgress(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    this.requireField(query, "fulfillmentOrderReportProgress");
    onlyKeys(variables, ["id", "progressReport"], "variables");
    if (!gidOf("FulfillmentOrder", variables.id)) throw new InputError("id must be a FulfillmentOrder ID");
    const report = variables.progressReport;
    if (report !== undefined && report !== null) {
      if (!isObject(report)) throw new InputError("progressReport must be a FulfillmentOrderReportProgressInput object");
      onlyKeys(report, ["reasonNotes"], "progressReport");
      optionalString(report, "reasonNotes", "progressReport");
    }
    const fo = this.visibleFulfillmentOrder(shop, variables.id as string);
    if (!fo || !FULFILLABLE.has(fo.status))
      return this.payload("fulfillmentOrderReportProgress", {
        fulfillmentOrder: null,
        userErrors: [
          {
            field: ["id"],
            message: fo
              ? `Fulfillment order ${fo.id} has an unreportable status= ${fo.status.toLowerCase()}.`
              : "Fulfillment order could not be found.",
          },
        ],
      });
    fo.status = "IN_PROGRESS";
    fo.progressReports = [
      ...(fo.progressReports ?? []),
      (isObject(report) ? (report.reasonNotes as string | undefined) : undefined) ?? null,
    ];
    return this.payload("fulfillmentOrderReportProgress", { fulfillmentOrder: { id: fo.id, status: fo.status }, userErrors: [] });
  }

  // ---- Internals -----------------------------------------------------------------------------

  /** An instant for the next change: now, and always later than the last one (updated_at only grows). */
  private now(): string {
    this.lastChangeAt = Math.max(Date.now(), this.lastChangeAt + 1000);
    return new Date(this.lastChangeAt).toISOString();
  }

  private shopIdOf(shop: string): number {
    let hash = 0;
    for (const char of shop) hash = (hash * 31 + char.charCodeAt(0)) % 1_000_000;
    return 60_000_000 + hash;
  }

  private nextNumber(): number {
    this.sequence += 1;
    return 9_000_000_000_000 + this.sequence;
  }

  /** Changes a placeOrder order, refreshes its GraphQL view and raises `topics` with the new version. No REST order: nothing to follow up. */
  private changeRestOrder(shop: string, orderId: string, topics: string[], change: (order: RestOrder, at: string) => RestOrder) {
    const byShop = this.restOrders.get(shop);
    const key = orderGid(orderId);
    const order = byShop?.get(key);
    if (!byShop || !order) return;
    const next = change(order, this.now());
    byShop.set(key, next);
    const list = this.orders.get(shop) ?? [];
    const index = list.findIndex((node) => node.id === key);
    if (index >= 0) list[index] = graphqlOrderOfRest(next) as OrderNode;
    for (const topic of topics) this.webhooks.raise(shop, topic, next);
  }

  /** A fulfillment's follow-up on the REST order: the units fulfilled, and the topics Shopify raises for it. */
  private followFulfillment(shop: string, fulfillment: FakeFulfillment) {
    const order = this.restOrders.get(shop)?.get(fulfillment.orderId);
    if (!order) return;
    const lines = new Map<number, number>();
    for (const line of fulfillment.lineItems) lines.set(Number(line.lineItemId), (lines.get(Number(line.lineItemId)) ?? 0) + line.quantity);
    let done: RestOrder | null = null;
    this.changeRestOrder(shop, fulfillment.orderId, ["fulfillments/create", "orders/updated"], (current, at) => {
      done = restOrderState.addFulfillment(
        current,
        {
          id: numericId(fulfillment.id),
          locationId: numericId(SHOP_LOCATION.id),
          lines: [...lines].map(([lineItemId, quantity]) => ({ lineItemId, quantity })),
          tracking: fulfillment.trackingInfo,
        },
        at,
      );
      return done;
    });
    const status = (done as RestOrder | null)?.fulfillment_status;
    this.webhooks.raise(shop, status === "fulfilled" ? "orders/fulfilled" : "orders/partially_fulfilled", done);
  }

  /** Units taken off a line (refund, edit): its open fulfillment order lines hold fewer; an empty one closes. */
  private takeUnits(shop: string, orderId: string, lineItemId: string, quantity: number) {
    let left = quantity;
    for (const fo of this.fulfillmentOrdersOf(shop).filter((f) => f.orderId === orderGid(orderId) && f.status !== "CLOSED")) {
      for (const line of fo.lineItems.filter((l) => l.lineItemId === lineItemId)) {
        const taken = Math.min(left, line.remainingQuantity);
        line.remainingQuantity -= taken;
        line.totalQuantity -= taken;
        left -= taken;
      }
      fo.lineItems = fo.lineItems.filter((line) => line.totalQuantity > 0);
      if (fo.lineItems.every((line) => line.remainingQuantity === 0)) fo.status = "CLOSED";
    }
  }

  /** Units added to a line (edit): the line's open fulfillment order holds more, or the first open one gets the line. */
  private addUnits(shop: string, orderId: string, lineItemId: string, quantity: number) {
    if (quantity <= 0) return;
    const open = this.openOrders(shop, orderGid(orderId)).filter((fo) => fo.status !== "ON_HOLD");
    const holder = open.find((fo) => fo.lineItems.some((line) => line.lineItemId === lineItemId)) ?? open[0];
    if (!holder) {
      this.fulfillmentOrdersOf(shop).push({
        id: this.gid("FulfillmentOrder"),
        orderId: orderGid(orderId),
        status: "OPEN",
        managedBy: "merchant",
        location: SHOP_LOCATION,
        holds: [],
        lineItems: [{ id: this.gid("FulfillmentOrderLineItem"), lineItemId, totalQuantity: quantity, remainingQuantity: quantity }],
      });
      return;
    }
    const line = holder.lineItems.find((l) => l.lineItemId === lineItemId);
    if (line) {
      line.totalQuantity += quantity;
      line.remainingQuantity += quantity;
    } else
      holder.lineItems.push({ id: this.gid("FulfillmentOrderLineItem"), lineItemId, totalQuantity: quantity, remainingQuantity: quantity });
  }

  /** The deprecated V2 mutations carry the same operation names in many apps: insist on the current field. */
  private requireField(query: string, field: string) {
    if (!new RegExp(`\\b${field}\\s*\\(`).test(query) || new RegExp(`\\b${field}V2\\b`).test(query)) {
      throw new InputError(`the operation must call ${field} (the deprecated V2 field is not accepted)`);
    }
  }

  private payload(field: string, value: unknown): GraphqlResponse<unknown> {
    return { data: { [field]: value }, extensions: { cost: { ...COST, requestedQueryCost: 10 } } };
  }

  private takeRejection(operation: "FulfillmentCreate" | "FulfillmentTrackingInfoUpdate"): UserError[] | null {
    const index = this.rejectNext.findIndex((r) => r.operation === operation);
    if (index < 0) return null;
    return this.rejectNext.splice(index, 1)[0].userErrors;
  }

  private gid(type: string) {
    this.sequence += 1;
    return `gid://shopify/${type}/${this.sequence}`;
  }

  private locationsOf(shop: string) {
    let list = this.locationsByShop.get(shop);
    if (!list) this.locationsByShop.set(shop, (list = [{ ...SHOP_LOCATION }]));
    return list;
  }

  private fulfillmentOrdersOf(shop: string): FakeFulfillmentOrder[] {
    let list = this.fulfillmentOrdersByShop.get(shop);
    if (!list) {
      list = [];
      this.fulfillmentOrdersByShop.set(shop, list);
    }
    return list;
  }

  private openOrders(shop: string, orderId: string) {
    return this.fulfillmentOrdersOf(shop).filter((fo) => fo.orderId === orderGid(orderId) && FULFILLABLE.has(fo.status));
  }

  private visibleFulfillmentOrder(shop: string, id: string) {
    return this.fulfillmentOrdersOf(shop).find((fo) => fo.id === id && fo.managedBy === "merchant");
  }

  private createFulfillmentOrder(shop: string, node: OrderNode) {
    const lineItems = ((node.lineItems as { nodes?: Record<string, unknown>[] } | undefined)?.nodes ?? [])
      .map((line) => ({
        id: this.gid("FulfillmentOrderLineItem"),
        lineItemId: String(line.id).replace(/^gid:\/\/shopify\/LineItem\//, ""),
        quantity: Number(line.currentQuantity ?? line.quantity ?? 0),
      }))
      .filter((line) => line.quantity > 0)
      .map(({ quantity, ...line }) => ({ ...line, totalQuantity: quantity, remainingQuantity: quantity }));
    this.fulfillmentOrdersOf(shop).push({
      id: this.gid("FulfillmentOrder"),
      orderId: node.id,
      status: "OPEN",
      managedBy: "merchant",
      location: SHOP_LOCATION,
      holds: [],
      lineItems,
    });
  }

  /** After units were fulfilled: CLOSED when nothing remains, else IN_PROGRESS. */
  private settle(fo: FakeFulfillmentOrder) {
    fo.status = fo.lineItems.every((line) => line.remainingQuantity === 0) ? "CLOSED" : "IN_PROGRESS";
  }

  private record(
    shop: string,
    orderId: string,
    createdBy: FakeFulfillment["createdBy"],
    lineItems: FakeFulfillment["lineItems"],
    trackingInfo: FakeTrackingInfo,
    notifyCustomer: boolean,
  ): FakeFulfillment {
    const fulfillment: FakeFulfillment = {
      id: this.gid("Fulfillment"),
      shop,
      orderId,
      status: "SUCCESS",
      createdBy,
      lineItems,
      trackingInfo,
      notifyCustomer,
      trackingUpdates: [],
    };
    this.fulfillments.push(fulfillment);
    return fulfillment;
  }

  // ---- "Send past orders" (app/domain/backfill): ordersCount and orders by creation date ----

  /** One order by id, as `order(id:)` answers: null when the shop has no such order. */
  private orderSnapshot(shop: string, query: string, variables: Variables): GraphqlResponse<unknown> {
    if (!/\border\s*\(\s*id:/.test(query)) throw new InputError("the operation must call order(id:)");
    onlyKeys(variables, ["id"], "variables");
    if (!gidOf("Order", variables.id)) throw new InputError(`id must be an Order ID, got ${JSON.stringify(variables.id)}`);
    const order = (this.orders.get(shop) ?? []).find((node) => node.id === variables.id) ?? null;
    return { data: { order }, extensions: { cost: COST } };
  }

  private pastOrders(shop: string, operation: string, variables: Record<string, unknown>): GraphqlResponse<unknown> {
    const filter = String(variables.query ?? "");
    const match = /^created_at:>='([^']+)' created_at:<='([^']+)'$/.exec(filter);
    if (!match || Number.isNaN(Date.parse(match[1])) || Number.isNaN(Date.parse(match[2]))) {
      return { errors: [{ message: `Invalid search query: ${filter}` }] };
    }
    const [from, to] = [Date.parse(match[1]), Date.parse(match[2])];
    const all = (this.orders.get(shop) ?? [])
      .filter((order) => {
        const created = Date.parse(String(order.createdAt));
        return created >= from && created <= to;
      })
      .sort((a, b) => Date.parse(String(a.createdAt)) - Date.parse(String(b.createdAt)));
    const cost = { requestedQueryCost: 52, throttleStatus: { maximumAvailable: 2000, currentlyAvailable: 1948, restoreRate: 100 } };
    if (operation === "PastOrdersCount") {
      const limit = typeof variables.limit === "number" ? variables.limit : 10_000;
      const count = Math.min(all.length, limit);
      return { data: { ordersCount: { count, precision: all.length > limit ? "AT_LEAST" : "EXACT" } }, extensions: { cost } };
    }
    const start = variables.after ? Number(variables.after) : 0;
    const nodes = all.slice(start, start + 50);
    const end = start + nodes.length;
    return {
      data: { orders: { nodes, pageInfo: { hasNextPage: end < all.length, endCursor: nodes.length ? String(end) : null } } },
      extensions: { cost },
    };
  }
}
