import { countTabs, tabOf } from "./tabs";
import { decodeCursor, encodeCursor } from "./page-cursor";

describe("tabOf", () => {
  it("puts each row in exactly one of the split's tabs, deleted and excluded first", () => {
    expect(tabOf({ sourcing: "sourced", excluded: false, deleted: false })).toBe("sourced");
    expect(tabOf({ sourcing: "not_linked", excluded: false, deleted: false })).toBe("not_sourced");
    expect(tabOf({ sourcing: "unavailable", excluded: false, deleted: false })).toBe("not_sourced");
    expect(tabOf({ sourcing: "not_offered", excluded: false, deleted: false })).toBe("gone");
    expect(tabOf({ sourcing: "sourced", excluded: true, deleted: false })).toBe("excluded");
    expect(tabOf({ sourcing: "sourced", excluded: true, deleted: true })).toBe("gone");
  });
});

describe("countTabs", () => {
  it("adds the groups into the tabs, all being their sum", () => {
    const counts = countTabs(
      [
        { sourcing: "sourced", excluded: false, deleted: false, count: 5 },
        { sourcing: "not_linked", excluded: false, deleted: false, count: 3 },
        { sourcing: "sourcing", excluded: true, deleted: false, count: 2 },
        { sourcing: "sourced", excluded: false, deleted: true, count: 1 },
      ],
      4,
    );
    expect(counts).toEqual({ all: 11, sourced: 5, not_sourced: 3, excluded: 2, gone: 1, low_stock: 4 });
  });
});

describe("the page cursor", () => {
  it("round-trips, and a cursor the app did not make is the first page", () => {
    const cursor = { productTitle: 'Mug / "Blue" ☕', variantId: "123" };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor("not-a-cursor")).toBeNull();
    expect(decodeCursor(Buffer.from('{"a":1}').toString("base64url"))).toBeNull();
    expect(decodeCursor(null)).toBeNull();
  });
});
