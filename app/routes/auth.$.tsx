import type { LoaderFunctionArgs } from "@remix-run/node";
import { ShopifyError } from "@shopify/shopify-api";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  try {
    await authenticate.admin(request);
  } catch (thrown) {
    // The library refuses an exit-iframe destination outside the app and the Shopify admin (the
    // open redirect of shopify-app-remix 4.x) by throwing; the visitor gets a 400, not a 500.
    if (thrown instanceof ShopifyError && new URL(request.url).pathname === "/auth/exit-iframe") {
      throw new Response("Refusing to redirect to that address.", { status: 400 });
    }
    throw thrown;
  }
  return null;
};
