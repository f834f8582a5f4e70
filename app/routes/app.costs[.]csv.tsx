/**
 * GET /app/costs.csv?period=today|7d|30d: the orders sent to HyperSKU in the period with their costs,
 * as a CSV download (the dashboard's costs card links here). Streamed.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseCostPeriod, streamCostsCsv } from "~/domain/costs/costs-csv.server";
import { authenticate } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const period = parseCostPeriod(new URL(request.url).searchParams.get("period"));
  if (!period) return new Response("period must be today, 7d or 30d", { status: 400 });
  return new Response(await streamCostsCsv(session.shop, period), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="hypersku-costs-${period}.csv"`,
      "Cache-Control": "no-store",
    },
  });
};
