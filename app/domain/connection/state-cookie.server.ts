import { createCookie } from "@remix-run/node";
import { env } from "~/env.server";
import { STATE_COOKIE, STATE_LIFETIME_MS } from "./authorization-state.server";

/** First-party cookie binding the authorization state to the browser that started the flow. */
export const stateCookie = createCookie(STATE_COOKIE, {
  httpOnly: true,
  secure: env.SHOPIFY_APP_URL.startsWith("https://"),
  // Lax: sent on HyperSKU's top-level redirect back to our callback.
  sameSite: "lax",
  path: "/hypersku",
  maxAge: STATE_LIFETIME_MS / 1000,
});
