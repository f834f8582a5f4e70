/**
 * The Shopify Admin GraphQL fake over HTTP, for app processes (the demo, browser journeys): POST
 * /graphql/<shop> with {query, variables}. Such a process loads admin-fetch-preload.mjs, which
 * sends its Admin GraphQL calls here instead of to https://<shop>/admin/api/.../graphql.json.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { ShopifyAdminFake } from "./admin-graphql-fake";

export type ShopifyAdminServer = { url: string; fake: ShopifyAdminFake; close: () => Promise<void> };

export type ShopifyAdminServerOptions = {
  fake?: ShopifyAdminFake;
  port?: number;
  /** Extra time a query takes, in ms (e.g. to watch a long run in progress). */
  delayFor?: (query: string) => number;
};

export async function startShopifyAdminServer({ fake = new ShopifyAdminFake(), port = 0, delayFor }: ShopifyAdminServerOptions = {}): Promise<ShopifyAdminServer> {
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", async () => {
      try {
        const shop = decodeURIComponent(new URL(request.url ?? "/", "http://fake").pathname.replace(/^\/graphql\//, ""));
        const { query, variables } = JSON.parse(body) as { query: string; variables?: Record<string, unknown> };
        const delay = delayFor?.(query) ?? 0;
        if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
        const result = await fake.clientFor(shop)(query, variables ?? {});
        response.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify(result));
      } catch (error) {
        response.writeHead(400, { "Content-Type": "application/json" }).end(JSON.stringify({ errors: [{ message: String(error) }] }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    fake,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
