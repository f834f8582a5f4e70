import type { CustomerDataRequest } from "~/models/customer-data-request.server";
import { toDataRequestView } from "./data-requests-view";

const receivedAt = new Date("2026-11-24T14:05:00.000Z");
const request = (overrides: Partial<CustomerDataRequest> = {}): CustomerDataRequest => ({
  id: "dr1",
  shop: "bobs-shop.myshopify.com",
  shopifyRequestId: "9999",
  shopifyCustomerId: "191167",
  email: "bob@example.com",
  phone: null,
  shopifyOrderIds: '["5600000000001","5600000000002"]',
  receivedAt,
  downloadedAt: null,
  redactedAt: null,
  ...overrides,
});

describe("a data request on the page", () => {
  it("a new one says what to do and offers both files", () => {
    expect(toDataRequestView(request(), "America/New_York")).toEqual({
      id: "dr1",
      receivedAt: "Nov 24, 2026, 9:05 AM EST",
      shopifyRequestId: "9999",
      customer: "bob@example.com",
      ordersNamed: 2,
      status: "new",
      statusText: "Not downloaded yet. Download the file and send it to the customer.",
      downloads: { json: "/app/privacy/dr1/download?format=json", text: "/app/privacy/dr1/download?format=text" },
    });
  });

  it("a downloaded one says when", () => {
    const view = toDataRequestView(request({ downloadedAt: new Date("2026-11-25T10:00:00.000Z") }), null);
    expect(view.status).toBe("downloaded");
    expect(view.statusText).toContain("Downloaded Nov 25, 2026, 10:00 AM UTC.");
  });

  it("a redacted one says the data was erased and offers nothing to download", () => {
    const view = toDataRequestView(request({ email: null, redactedAt: new Date("2026-11-26T10:00:00.000Z") }), null);
    expect(view).toMatchObject({ status: "redacted", customer: "Erased", downloads: null });
    expect(view.statusText).toContain("nothing to download");
  });
});
