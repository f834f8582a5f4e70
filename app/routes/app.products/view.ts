/** The Products page's URL helpers: how the page moves between views, and where a product is in Shopify's admin. */

export type GoToProducts = (changes: Record<string, string | null>, replace?: boolean) => void;

/** The page's address with `changes` applied; a new tab or search starts from the first page. */
export function productsHref(params: URLSearchParams, changes: Record<string, string | null>): string {
  const next = new URLSearchParams(params);
  if ("tab" in changes || "q" in changes) next.delete("after");
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") next.delete(key);
    else next.set(key, value);
  }
  const text = next.toString();
  return text ? `/app/products?${text}` : "/app/products";
}

export const shopifyProductUrl = (productId: string) => `shopify://admin/products/${productId}`;
