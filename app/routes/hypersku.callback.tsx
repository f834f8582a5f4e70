import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { StandalonePage } from "~/components/StandalonePage";
import { completeConnection, type CallbackOutcome } from "~/domain/connection/connection.server";
import { stateCookie } from "~/domain/connection/state-cookie.server";
import { getEmbeddedAppUrl } from "~/domain/shops/admin-url.server";

// HyperSKU redirects the merchant's browser here with ?code&state (or ?error&state).
export const loader = async ({ request }: LoaderFunctionArgs) => {
  const params = new URL(request.url).searchParams;
  const outcome = await completeConnection({
    state: params.get("state"),
    cookieState: await stateCookie.parse(request.headers.get("Cookie")),
    code: params.get("code"),
    error: params.get("error"),
  });
  const clearCookie = { "Set-Cookie": await stateCookie.serialize("", { maxAge: 0 }) };
  if (outcome.kind === "pending") {
    // Into the admin of the shop that started the flow, where its merchant confirms. Whoever else
    // approved (a victim sent another shop's link) lands in an admin they cannot open.
    return redirect(getEmbeddedAppUrl(outcome.shop, "/app/connection", { confirm: outcome.confirmToken }), {
      headers: { ...clearCookie, "Referrer-Policy": "no-referrer", "Cache-Control": "no-store" },
    });
  }
  const backUrl = "shop" in outcome ? getEmbeddedAppUrl(outcome.shop, "/app/connection") : null;
  const status = outcome.kind === "invalid_state" ? 400 : outcome.kind === "unreachable" ? 502 : 200;
  return json({ outcome, backUrl }, { status, headers: clearCookie });
};

const MESSAGES: Record<Exclude<CallbackOutcome["kind"], "pending" | "refused">, { title: string; body: string }> = {
  invalid_state: {
    title: "This connection link is not valid",
    body: "It has expired, was already used, or was started in another browser. Go back to the HyperSKU app in your Shopify admin and choose Connect HyperSKU again.",
  },
  denied: {
    title: "HyperSKU was not connected",
    body: "You chose not to allow access. Orders are kept in the app and are sent once you connect.",
  },
  code_rejected: {
    title: "HyperSKU did not accept the authorization",
    body: "The authorization expired or was already used. Connect again from the app; it only takes a moment.",
  },
  unreachable: {
    title: "HyperSKU could not be reached",
    body: "HyperSKU did not answer. Nothing was changed; please try connecting again in a few minutes.",
  },
  not_configured: {
    title: "The app is not set up for HyperSKU yet",
    body: "The app's operator must set its HyperSKU client id and secret. Please contact the app's support.",
  },
  credentials_rejected: {
    title: "HyperSKU refused the app's credentials",
    body: "The app's HyperSKU registration is not accepted. Please contact the app's support; your store's data is unchanged.",
  },
  endpoint_not_found: {
    title: "The app's HyperSKU settings need attention",
    body: "HyperSKU does not know the address the app uses to finish connecting. Please contact the app's support; your store's data is unchanged.",
  },
};

/** HyperSKU's own words when it refused (already free of secrets: see integrations/hypersku/errors.ts). */
function messageFor(outcome: Exclude<CallbackOutcome, { kind: "pending" }>) {
  if (outcome.kind === "refused") {
    return {
      title: "HyperSKU did not allow the connection",
      body: `HyperSKU said: "${outcome.message}". Nothing was changed; check your HyperSKU account, then connect again.`,
    };
  }
  return MESSAGES[outcome.kind];
}

export default function HyperskuCallback() {
  const { outcome, backUrl } = useLoaderData<typeof loader>();
  const message = messageFor(outcome as Exclude<CallbackOutcome, { kind: "pending" }>);
  return (
    <StandalonePage title={message.title} tone={outcome.kind === "denied" ? "info" : "critical"}>
      <p>{message.body}</p>
      {backUrl && (
        <p>
          <a href={backUrl}>Back to the HyperSKU app</a>
        </p>
      )}
    </StandalonePage>
  );
}
