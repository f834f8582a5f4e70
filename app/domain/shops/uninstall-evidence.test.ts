import { parseShopUpdatedAt, provesSentAfterInstall } from "./uninstall-evidence";

describe("parseShopUpdatedAt", () => {
  it("reads the shop's updated_at, with its offset", () => {
    const body = JSON.stringify({ id: 548380009, myshopify_domain: "ada.myshopify.com", updated_at: "2026-07-14T12:00:00-04:00" });
    expect(parseShopUpdatedAt(body)?.toISOString()).toBe("2026-07-14T16:00:00.000Z");
  });

  it.each([
    ["null (Shopify's sample payload)", JSON.stringify({ updated_at: null })],
    ["missing", JSON.stringify({ myshopify_domain: "ada.myshopify.com" })],
    ["not a date", JSON.stringify({ updated_at: "yesterday-ish" })],
    ["a number", JSON.stringify({ updated_at: 1_752_000_000 })],
    ["in a body that is not JSON", "{not json"],
    ["in a body that is not an object", "null"],
  ])("is null when updated_at is %s", (_kind, body) => {
    expect(parseShopUpdatedAt(body)).toBeNull();
  });
});

describe("provesSentAfterInstall", () => {
  const installedAt = new Date("2026-07-14T16:00:00Z");

  it("holds for a shop changed at or after the install", () => {
    expect(provesSentAfterInstall(new Date("2026-07-14T16:00:00Z"), installedAt)).toBe(true);
    expect(provesSentAfterInstall(new Date("2026-07-15T09:00:00Z"), installedAt)).toBe(true);
  });

  it("does not hold for a shop last changed before the install, whichever headers came with it", () => {
    expect(provesSentAfterInstall(new Date("2026-07-14T15:59:59.999Z"), installedAt)).toBe(false);
  });
});
