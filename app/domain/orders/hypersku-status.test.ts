import { describeHyperskuStatus, isBeforeShipping, isFinalStatus } from "./hypersku-status";

describe("describeHyperskuStatus", () => {
  it("prefers HyperSKU's own description, then the public name", () => {
    expect(describeHyperskuStatus(4, "Shipped out")?.name).toBe("Shipped out");
    expect(describeHyperskuStatus(4, null)).toMatchObject({ name: "Shipping", tone: "success" });
    expect(describeHyperskuStatus(1)?.meaning).toMatch(/pay HyperSKU/);
  });

  it("names unknown codes plainly and returns null without a code", () => {
    expect(describeHyperskuStatus(42)?.name).toBe("HyperSKU status 42");
    expect(describeHyperskuStatus(null)).toBeNull();
  });

  it("knows which states still allow changes and which are final", () => {
    expect([8, 1, 9, 2, 3].every(isBeforeShipping)).toBe(true);
    expect([4, 14, 5].some(isBeforeShipping)).toBe(false);
    expect(isFinalStatus(6)).toBe(true);
    expect(isFinalStatus(14)).toBe(false);
  });
});
