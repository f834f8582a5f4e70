import {
  buildRestAddress,
  buildRestLineItem,
  buildRestOrder,
  snapshotOfRest,
  type JsonObject,
} from "../../../simulators/harness/order-payloads";
import { formatAge, summarizeOrderSnapshot } from "./order-list-row";
import { rowActions } from "./order-list-actions";

const snapshot = (overrides: JsonObject, lineItems = [buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2 } })]) =>
  JSON.stringify(snapshotOfRest(buildRestOrder({ lineItems, overrides })));

describe("an orders list row", () => {
  it("shows the customer, where the order ships, its items with a picture, and its total", () => {
    const stored = JSON.parse(
      snapshot(
        {
          email: "ada@example.com",
          shipping_address: buildRestAddress({
            first_name: "Ada",
            last_name: "Lovelace",
            city: "Lyon",
            country: "France",
            country_code: "FR",
          }),
        },
        [
          buildRestLineItem({ unitPrice: "24.00", overrides: { quantity: 2, title: "Mug" } }),
          buildRestLineItem({ unitPrice: "10.00", overrides: { quantity: 1, title: "Towel" } }),
        ],
      ),
    );
    const row = summarizeOrderSnapshot(JSON.stringify({ ...stored, currency: "EUR", totalPrice: "1234.50" }));
    expect(row).toMatchObject({
      customer: "Ada Lovelace",
      email: "ada@example.com",
      destination: "Lyon, France",
      countryCode: "FR",
      items: { count: 3, firstTitle: "Mug" },
      total: "€1,234.50",
    });
  });

  it("shows blanks for an order without an address and for a snapshot that does not parse", () => {
    expect(summarizeOrderSnapshot(snapshot({ shipping_address: null }))).toMatchObject({ customer: null, destination: null });
    expect(summarizeOrderSnapshot("{not json")).toMatchObject({ customer: null, total: null, items: { count: 0 } });
  });

  it("never shows a picture that is not a web or inline image", () => {
    const stored = JSON.parse(snapshot({}));
    stored.lineItems[0].imageUrl = "javascript:alert(1)";
    expect(summarizeOrderSnapshot(JSON.stringify(stored)).items.imageUrl).toBeNull();
    stored.lineItems[0].imageUrl = "https://cdn.shopify.com/mug.jpg";
    expect(summarizeOrderSnapshot(JSON.stringify(stored)).items.imageUrl).toBe("https://cdn.shopify.com/mug.jpg");
  });

  it("says the order's age in minutes, hours, then days", () => {
    const now = new Date("2026-11-24T12:00:00Z");
    expect(formatAge(new Date("2026-11-24T11:15:00Z"), now)).toBe("45 min");
    expect(formatAge(new Date("2026-11-23T07:00:00Z"), now)).toBe("29 h");
    expect(formatAge(new Date("2026-11-20T12:00:00Z"), now)).toBe("4 d");
    expect(formatAge(new Date("2026-11-25T12:00:00Z"), now)).toBe("0 min");
  });

  it("offers Send now only to orders still to send and Retry only to those that failed or need attention", () => {
    expect(rowActions("waiting")).toEqual(["send"]);
    expect(rowActions("held")).toEqual(["send"]);
    expect(rowActions("failed")).toEqual(["retry"]);
    expect(rowActions("needs_attention")).toEqual(["retry"]);
    for (const state of ["sent", "sending", "checking", "cancelled", "skipped"]) expect(rowActions(state)).toEqual([]);
  });
});
