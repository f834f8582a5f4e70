/**
 * Product rules as a merchant writes them, one per line ("vendor: Acme", "type: Mugs", "tag: pod",
 * "product: 7100000000123"), and back. Pure: the settings form and the preview command share it.
 */
import type { ProductRule } from "./route-lines";

const FIELD_OF_PREFIX: Record<string, ProductRule["field"]> = {
  vendor: "vendor",
  type: "product_type",
  "product type": "product_type",
  product_type: "product_type",
  tag: "tag",
  product: "product",
};

const PREFIX_OF_FIELD: Record<ProductRule["field"], string> = { vendor: "vendor", product_type: "type", tag: "tag", product: "product" };

const MAX_PRODUCT_RULES = 200;

/** Duplicates (ignoring case) are dropped; the first line that is not a rule is the error. */
export function parseRuleLines(text: string): { ok: true; rules: ProductRule[] } | { ok: false; message: string } {
  const rules: ProductRule[] = [];
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([a-z _]+?)\s*:\s*(.+)$/i.exec(line);
    const field = match ? FIELD_OF_PREFIX[match[1].trim().toLowerCase()] : undefined;
    if (!match || !field) {
      return {
        ok: false,
        message: `Line ${index + 1} ("${line.slice(0, 30)}") must start with vendor:, type:, tag: or product: followed by a value.`,
      };
    }
    const value = match[2].trim();
    if (field === "product" && !/^(gid:\/\/shopify\/Product\/)?\d+$/.test(value)) {
      return { ok: false, message: `Line ${index + 1}: after product: give the product's ID, the number in its admin address.` };
    }
    if (!rules.some((rule) => rule.field === field && rule.value.toLowerCase() === value.toLowerCase())) rules.push({ field, value });
  }
  if (rules.length > MAX_PRODUCT_RULES) return { ok: false, message: `Enter at most ${MAX_PRODUCT_RULES} rules.` };
  return { ok: true, rules };
}

export function formatRuleLines(rules: readonly ProductRule[]): string {
  return rules.map((rule) => `${PREFIX_OF_FIELD[rule.field]}: ${rule.value}`).join("\n");
}
