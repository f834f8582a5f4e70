// The `shopify` global of the target, in the form `shopify app dev` generates (it may rewrite this
// file). Only the entry module reads it; everything else receives what it needs as arguments.
import "@shopify/ui-extensions";
import type { Api } from "@shopify/ui-extensions/admin.order-details.block.render";

declare module "./src/BlockExtension.tsx" {
  const shopify: Api;
  const globalThis: { shopify: typeof shopify };
}
