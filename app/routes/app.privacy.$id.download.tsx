/**
 * GET /app/privacy/:id/download?format=json|text: what the app holds about the customer of one of
 * the shop's data requests, as a file (the Customer data requests page fetches it: App Bridge adds
 * the session token to the app's own fetches). Another shop's request is not found.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { formatDateTime } from "~/domain/admin/format";
import { downloadCustomerData, parseDownloadFormat } from "~/domain/privacy/data-request.server";
import { authenticate } from "~/shopify.server";

const plain = (text: string, status: number) =>
  new Response(text, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });

export const loader = async ({ request, params }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const format = parseDownloadFormat(new URL(request.url).searchParams.get("format"));
  if (!format) return plain("format must be json or text", 400);
  const download = await downloadCustomerData(session.shop, params.id ?? "", format);
  if (download.kind === "not_found") return plain("This data request does not exist in this shop.", 404);
  if (download.kind === "redacted")
    return plain(
      `Shopify asked to erase this customer's data on ${formatDateTime(download.redactedAt, null)}, and the app did: it holds nothing about them to export. Tell the customer their data was erased.`,
      410,
    );
  return new Response(download.body, {
    headers: {
      "Content-Type": download.contentType,
      "Content-Disposition": `attachment; filename="${download.fileName}"`,
      "Cache-Control": "no-store",
    },
  });
};
