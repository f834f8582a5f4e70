import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { StandalonePage } from "~/components/StandalonePage";
import { getAuthorizeRedirect } from "~/domain/connection/connection.server";
import { stateCookie } from "~/domain/connection/state-cookie.server";

// Top-level page on the app's origin, opened from the admin with open(url, "_top"): binds the
// state to this browser with a first-party cookie, then leaves for HyperSKU's authorization page.
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const state = new URL(request.url).searchParams.get("state");
  const outcome = await getAuthorizeRedirect(state);
  if (!outcome.ok) throw new Response(null, { status: 400, statusText: "Invalid or expired link" });
  return redirect(outcome.authorizeUrl, { headers: { "Set-Cookie": await stateCookie.serialize(outcome.state) } });
};

export function ErrorBoundary() {
  return (
    <StandalonePage title="This connection link has expired" tone="critical">
      <p>For your security, each link to HyperSKU works once and only for a few minutes.</p>
      <p>
        Go back to the HyperSKU app in your Shopify admin and choose <strong>Connect HyperSKU</strong> again.
      </p>
    </StandalonePage>
  );
}
