/**
 * GET /app/costs.csv?period=today|7d|30d: the orders sent to HyperSKU in the period with their costs,
 * as a CSV download (the dashboard's costs card links here). Streamed; one export per shop at a
 * time (429, saying why, otherwise).
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseCostPeriod, streamCostsCsv } from "~/domain/costs/costs-csv.server";
import { csvDownload, exportRefused } from "~/lib/csv-download";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const period = parseCostPeriod(new URL(request.url).searchParams.get("period"));
  if (!period) return new Response("period must be today, 7d or 30d", { status: 400 });
  const exported = await streamCostsCsv(session.shop, period);
  if (!exported.ok) return exportRefused(exported);
  return csvDownload(exported.body, `hypersku-costs-${period}.csv`);
};
