import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { RemixServer } from "@remix-run/react";
import { createReadableStreamFromReadable, type EntryContext } from "@remix-run/node";
import { isbot } from "isbot";
import { handleAppInstalled } from "./domain/shops/install.server";
import { contentSecurityPolicyFor } from "./frame-ancestors.server";
import { addDocumentResponseHeaders, onAppInstalled } from "./shopify.server";

// The server build's entry is the composition root: it tells the Shopify app what an install does.
onAppInstalled(handleAppInstalled);

export { startBackgroundWork } from "./background.server";
// server.js answers webhooks before Remix's request handler (docs/decisions/0025).
export { handleWebhook, WEBHOOK_BODY_LIMIT, webhookTopicForPath } from "./webhooks.server";
// server.js decides every response's frame-ancestors with it, assets and redirects included.
export { contentSecurityPolicyFor };

const STREAM_TIMEOUT_MS = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  addDocumentResponseHeaders(request, responseHeaders);
  // The library's frame-ancestors follows the query's ?shop; ours follows the session token.
  const framed = { url: request.url, authorization: request.headers.get("Authorization") };
  responseHeaders.set("Content-Security-Policy", contentSecurityPolicyFor(responseHeaders.get("Content-Security-Policy") ?? "", framed));
  const userAgent = request.headers.get("user-agent");
  // Bots get the whole document at once; browsers get it streamed as soon as the shell is ready.
  const readyEvent = userAgent && isbot(userAgent) ? "onAllReady" : "onShellReady";

  return new Promise<Response>((resolve, reject) => {
    const { pipe, abort } = renderToPipeableStream(
      <RemixServer context={remixContext} url={request.url} abortDelay={STREAM_TIMEOUT_MS} />,
      {
        [readyEvent]() {
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error) {
          reject(error);
        },
        onError(error) {
          responseStatusCode = 500;
          console.error(error);
        },
      },
    );
    setTimeout(abort, STREAM_TIMEOUT_MS + 1_000);
  });
}
