/**
 * GET /app/orders/export?<the list's view>: the view's orders as a CSV download. The list fetches it
 * (App Bridge adds the session token to the app's own fetches) and saves the answer as a file.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrdersCsv } from "~/domain/admin/orders-export.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const { body, fileName } = await exportOrdersCsv(session.shop, new URL(request.url));
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
};
