import type { VariantInventory } from "~/integrations/shopify/inventory.server";
import { planQuantityChanges } from "./inventory.server";

const level = (variantId: string, available: number | null, tracked = true): VariantInventory => ({
  variantId,
  inventoryItemId: `gid://shopify/InventoryItem/${variantId}`,
  tracked,
  available,
});

describe("planQuantityChanges", () => {
  it("sets tracked variants whose level differs from HyperSKU's stock, from the level Shopify holds", () => {
    const plan = planQuantityChanges(
      [level("1", 7), level("2", 4), level("3", null), level("4", 1, false)],
      new Map([
        ["1", 120],
        ["2", 4],
        ["3", null],
        ["4", 9],
      ]),
    );
    expect(plan).toEqual({
      changes: [
        { inventoryItemId: "gid://shopify/InventoryItem/1", quantity: 120, changeFromQuantity: 7 },
        { inventoryItemId: "gid://shopify/InventoryItem/3", quantity: 0, changeFromQuantity: null },
      ],
      outOfRange: [],
    });
  });

  it("never sends a quantity past Shopify's 32-bit Int, a negative one or a fraction: it names the variant instead", () => {
    const plan = planQuantityChanges(
      [level("1", 0), level("2", 0), level("3", 0), level("4", 0), level("5", 0)],
      new Map([
        ["1", 2_147_483_648],
        ["2", 1e308],
        ["3", -1],
        ["4", 2.5],
        ["5", 2_147_483_647],
      ]),
    );
    expect(plan.changes).toEqual([{ inventoryItemId: "gid://shopify/InventoryItem/5", quantity: 2_147_483_647, changeFromQuantity: 0 }]);
    expect(plan.outOfRange).toHaveLength(4);
    expect(plan.outOfRange[0]).toBe("variant 1: a stock of 2147483648 is not a quantity Shopify takes (0 to 2147483647)");
  });
});
