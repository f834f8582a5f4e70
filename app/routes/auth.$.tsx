import type { LoaderFunctionArgs } from "@remix-run/node";
import { isAllowedExitIframeDestination } from "~/domain/security/exit-iframe";
import { env } from "~/env.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  if (url.pathname === "/auth/exit-iframe") {
    const destination = url.searchParams.get("exitIframe");
    if (!isAllowedExitIframeDestination(destination, env.SHOPIFY_APP_URL)) {
      throw new Response("Refusing to redirect to that address.", { status: 400 });
    }
  }
  await authenticate.admin(request);
  return null;
};
