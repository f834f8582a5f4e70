import type { LoaderFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { login } from "~/shopify.server";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const url = new URL(request.url);
  // Shopify opens the app URL with ?shop=...; send it straight into the embedded app.
  if (url.searchParams.get("shop")) throw redirect(`/app?${url.searchParams.toString()}`);
  return json({ showForm: Boolean(login) });
};

export default function PublicIndex() {
  const { showForm } = useLoaderData<typeof loader>();
  return (
    <main style={{ fontFamily: "system-ui, sans-serif", maxWidth: 640, margin: "4rem auto", padding: "0 1rem" }}>
      <h1>HyperSKU for Shopify</h1>
      <p>
        Send every order to HyperSKU automatically, exactly once, and get fulfillment and tracking back into Shopify so your customers hear
        about their parcels.
      </p>
      <ul>
        <li>Orders forwarded as soon as they are paid, with retries when HyperSKU is busy.</li>
        <li>HyperSKU status and tracking on each order, in the app and on the Shopify order page.</li>
        <li>Problems explained in plain words, each with a way to fix it.</li>
      </ul>
      {showForm && (
        <Form method="post" action="/auth/login">
          <label htmlFor="shop">Shop domain</label> <input id="shop" name="shop" type="text" placeholder="my-shop.myshopify.com" />{" "}
          <button type="submit">Log in</button>
        </Form>
      )}
    </main>
  );
}
