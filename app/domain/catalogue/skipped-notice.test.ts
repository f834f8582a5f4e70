import type { SkippedProduct } from "~/integrations/hypersku/catalogue-schemas";
import { addToSkippedNotice, describeSkippedProduct } from "./skipped-notice";

const skipped = (title: string | null, problem = "stock 1e+308 is not a whole number from 0 to 2147483647"): SkippedProduct => ({
  productId: 77,
  storeProductId: "7001",
  title,
  problem,
});

describe("the notice of products a sync skipped", () => {
  it("names each product and what was wrong, says the rest was synced and what to do", () => {
    const notice = addToSkippedNotice(null, [skipped("Art Poster")]);
    expect(notice).toBe(
      "HyperSKU sent values the app cannot use for “Art Poster” (stock 1e+308 is not a whole number from 0 to 2147483647), " +
        "so the app left what it shows for them as the last sync read it. Everything else was synced. " +
        "Ask HyperSKU's support to correct them; the next sync reads them again.",
    );
  });

  it("grows across pages without naming a product twice, and stays bounded", () => {
    const first = addToSkippedNotice(null, [skipped("Art Poster")]);
    const second = addToSkippedNotice(first, [skipped("Art Poster"), skipped("Mug", 'unit cost "NaN" could not be read')]);
    expect(second).toContain("“Art Poster” (stock 1e+308 is not a whole number from 0 to 2147483647); “Mug” (unit cost");
    expect(second!.match(/Art Poster/g)).toHaveLength(1);

    const many = addToSkippedNotice(
      second,
      Array.from({ length: 50 }, (_, i) => skipped(`Product ${i}`)),
    );
    expect(many!.length).toBeLessThan(1_000);
    expect(many).toContain(" and more, so the app left");
    expect(addToSkippedNotice(many, [skipped("Another")])).toBe(many);
  });

  it("leaves a notice alone when nothing was skipped, and names a product without a title by its HyperSKU id", () => {
    expect(addToSkippedNotice(null, [])).toBeNull();
    expect(describeSkippedProduct(skipped(null))).toMatch(/^HyperSKU product 77 \(/);
    expect(describeSkippedProduct({ ...skipped(" "), productId: null })).toMatch(/^a product HyperSKU could not name \(/);
  });
});
