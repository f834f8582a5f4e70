/**
 * The demo's day of orders: varied countries and currencies, plus the cases worth watching — a
 * split shipment, an order without a shipping address, one HyperSKU rejects, one edited and one
 * cancelled after it was sent. Each order is its webhook payload, which the Shopify twin is given as
 * the order (it answers Admin GraphQL reads from it).
 */
import {
  buildRestAddress,
  buildRestLineItem,
  buildRestOrder,
  EUR_ON_USD_SHOP,
  JPY_ON_USD_SHOP,
  USD,
  type JsonObject,
  type MoneyContext,
} from "../../simulators/harness/order-payloads";
import { imageDataUri } from "../../simulators/harness/pictures";
import type { FakeProduct } from "../../simulators/shopify/product-catalogue";

export type DemoCase = "regular" | "split" | "no_address" | "rejected" | "edited" | "cancelled";
export type DemoOrder = { case: DemoCase; country: string; payload: JsonObject };

const GBP: MoneyContext = { presentment: "GBP", shop: "USD", rate: 0.79 };
const AUD: MoneyContext = { presentment: "AUD", shop: "USD", rate: 1.52 };
const BRL: MoneyContext = { presentment: "BRL", shop: "USD", rate: 5.1 };

const CUSTOMERS: { money: MoneyContext; address: JsonObject }[] = [
  {
    money: USD,
    address: {
      first_name: "Maya",
      last_name: "Thompson",
      address1: "221 Pine St",
      city: "Seattle",
      province: "Washington",
      province_code: "WA",
      country: "United States",
      country_code: "US",
      zip: "98101",
    },
  },
  {
    money: EUR_ON_USD_SHOP,
    address: {
      first_name: "Jürgen",
      last_name: "Müller",
      address1: "Königstraße 12",
      city: "München",
      province: "Bayern",
      province_code: "BY",
      country: "Germany",
      country_code: "DE",
      zip: "80331",
    },
  },
  {
    money: JPY_ON_USD_SHOP,
    address: {
      first_name: "花子",
      last_name: "山田",
      address1: "渋谷区神南1-2-3",
      city: "東京",
      province: "東京都",
      province_code: "JP-13",
      country: "Japan",
      country_code: "JP",
      zip: "150-0041",
    },
  },
  {
    money: GBP,
    address: {
      first_name: "Olivia",
      last_name: "Clarke",
      address1: "10 Baker Street",
      city: "London",
      province: "England",
      province_code: "ENG",
      country: "United Kingdom",
      country_code: "GB",
      zip: "NW1 6XE",
    },
  },
  {
    money: EUR_ON_USD_SHOP,
    address: {
      first_name: "Élodie",
      last_name: "Lefèvre",
      address1: "8 Rue de Rivoli",
      city: "Paris",
      province: "Île-de-France",
      province_code: "IDF",
      country: "France",
      country_code: "FR",
      zip: "75004",
    },
  },
  {
    money: AUD,
    address: {
      first_name: "Liam",
      last_name: "Nguyen",
      address1: "45 George St",
      city: "Sydney",
      province: "New South Wales",
      province_code: "NSW",
      country: "Australia",
      country_code: "AU",
      zip: "2000",
    },
  },
  {
    money: BRL,
    address: {
      first_name: "João",
      last_name: "Silva",
      address1: "Av. Paulista, 1000",
      city: "São Paulo",
      province: "São Paulo",
      province_code: "SP",
      country: "Brazil",
      country_code: "BR",
      zip: "01310-100",
    },
  },
];

const PRODUCTS = [
  ["Linen Throw Pillow", "Sage / 45 cm", "24.00"],
  ["Ceramic Pour-Over Set", "Matte White", "39.50"],
  ["Bamboo Desk Organizer", "Natural", "18.90"],
  ["Wool Blend Beanie", "Charcoal", "15.00"],
  ["Stainless Water Bottle", "750 ml / Forest", "22.00"],
] as const;

/**
 * The products the day's orders buy, as the store has them: the demo puts them into the Shopify
 * stand-in's catalogue and has HyperSKU source them, shipping to every country the day's customers
 * live in, so the pre-send check finds each line sourced (docs/decisions/0027).
 */
const PICTURE_COLOURS = ["#2c6ecb", "#8a6116", "#1f7a4d", "#6d3fc0", "#b3261e"];

export const DEMO_DAY_PRODUCTS: FakeProduct[] = PRODUCTS.map(([title, variant], index) => ({
  id: 7_300_000_000_001 + index,
  handle: title.toLowerCase().replaceAll(" ", "-"),
  title,
  vendor: "Demo Home Goods",
  productType: "Home",
  tags: ["dropship"],
  featuredImageUrl: imageDataUri(PICTURE_COLOURS[index % PICTURE_COLOURS.length], title.split(" ")[0]),
  variants: [{ id: 43_300_000_000_011 + index * 10, title: variant, imageUrl: null, sku: `DEMO-${index + 1}` }],
}));

/** The countries the day's customers live in. */
export const DEMO_DAY_COUNTRIES = [...new Set(CUSTOMERS.map((customer) => String(customer.address.country_code)))];

function lineItems(money: MoneyContext, count: number, offset: number) {
  return Array.from({ length: count }, (_, i) => {
    const index = (offset + i) % PRODUCTS.length;
    const [title, variant, price] = PRODUCTS[index];
    const product = DEMO_DAY_PRODUCTS[index];
    const unitPrice = money.presentment === "JPY" ? String(Math.round(Number(price) * 150)) : price;
    return buildRestLineItem({
      money,
      unitPrice,
      overrides: {
        product_id: product.id,
        variant_id: product.variants[0].id,
        sku: product.variants[0].sku ?? null,
        title,
        name: `${title} - ${variant}`,
        variant_title: variant,
        quantity: 1 + (i % 2),
      },
    });
  });
}

function demoOrder(kind: DemoCase, index: number): DemoOrder {
  const customer = CUSTOMERS[index % CUSTOMERS.length];
  const items = lineItems(customer.money, kind === "split" ? 3 : 1 + (index % 2), index);
  // Placed over the last hour: inside the default range of "Send past orders" (the last 30 days).
  const placedAt = new Date(Date.now() - (60 - index) * 60_000).toISOString();
  const payload = buildRestOrder({
    money: customer.money,
    lineItems: items,
    shipping: customer.money.presentment === "JPY" ? "800" : "6.50",
    tax: customer.money.presentment === "JPY" ? "300" : "2.40",
    overrides: {
      created_at: placedAt,
      processed_at: placedAt,
      updated_at: placedAt,
      email: `${
        String(customer.address.first_name)
          .toLowerCase()
          .normalize("NFKD")
          .replace(/[^a-z]/g, "") || "customer"
      }@example.com`,
      shipping_address:
        kind === "no_address"
          ? null
          : buildRestAddress({ ...customer.address, name: `${customer.address.first_name} ${customer.address.last_name}` }),
    },
  });
  return { case: kind, country: String(customer.address.country_code), payload };
}

/** At least six orders: the five special cases and regular ones for the rest. */
export function buildDemoDay(count: number): DemoOrder[] {
  const special: DemoCase[] = ["rejected", "split", "no_address", "edited", "cancelled"];
  const kinds = [...special, ...Array.from({ length: Math.max(1, count - special.length) }, () => "regular" as const)];
  return kinds.map((kind, index) => demoOrder(kind, index));
}
