/**
 * GET /app/orders/export?<the list's view>: the view's orders as a CSV download. The list fetches it
 * (App Bridge adds the session token to the app's own fetches) and saves the answer as a file. One
 * export per shop at a time: a second one while the first runs is answered 429, saying why.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { exportOrdersCsv } from "~/domain/admin/orders-export.server";
import { authenticate } from "~/shopify.server";
import { csvDownload, exportRefused } from "~/lib/csv-download";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const exported = await exportOrdersCsv(session.shop, new URL(request.url));
  if (!exported.ok) return exportRefused(exported);
  return csvDownload(exported.body, exported.fileName);
};
