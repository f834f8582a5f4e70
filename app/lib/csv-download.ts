/** The answers of the CSV export routes: the download, or a plain 429 saying why not now. */

export function csvDownload(body: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${fileName}"`,
      "Cache-Control": "no-store",
    },
  });
}

export function exportRefused({ message, retryAfterSeconds }: { message: string; retryAfterSeconds: number }): Response {
  return new Response(message, {
    status: 429,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Retry-After": String(retryAfterSeconds), "Cache-Control": "no-store" },
  });
}
