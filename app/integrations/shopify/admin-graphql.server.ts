/**
 * The one way the app calls Shopify's Admin GraphQL API for a shop, outside a merchant's request
 * (jobs). Production uses the shop's offline session; tests and the demo plug in the offline fake
 * (simulators/shopify/admin-graphql-fake.ts) with `setAdminGraphqlFactory`.
 */
export type GraphqlResponse<T> = {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
  extensions?: {
    cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable: number; restoreRate: number; maximumAvailable: number } };
  };
};

export type AdminGraphql = <T>(query: string, variables?: Record<string, unknown>) => Promise<GraphqlResponse<T>>;

export class ShopifyGraphqlError extends Error {
  constructor(
    message: string,
    readonly throttled: boolean,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = "ShopifyGraphqlError";
  }
}

async function defaultFactory(shop: string): Promise<AdminGraphql> {
  // Loaded on first use, so plugging in the fake (tests' setup) does not read the app's configuration.
  const { unauthenticated } = await import("~/shopify.server");
  const { admin } = await unauthenticated.admin(shop);
  return async (query, variables) => {
    const response = await admin.graphql(query, { variables });
    return (await response.json()) as GraphqlResponse<never>;
  };
}

let factory: (shop: string) => Promise<AdminGraphql> = defaultFactory;

export function setAdminGraphqlFactory(next: ((shop: string) => Promise<AdminGraphql>) | null) {
  factory = next ?? defaultFactory;
}

/**
 * Runs a query and returns its data, or throws ShopifyGraphqlError (throttled ones carry how long
 * to wait, from the cost extension's restore rate).
 */
export async function adminQuery<T>(shop: string, query: string, variables?: Record<string, unknown>): Promise<T> {
  const graphql = await factory(shop);
  const result = await graphql<T>(query, variables);
  if (result.errors?.length) {
    const throttled = result.errors.some((e) => e.extensions?.code === "THROTTLED");
    const status = result.extensions?.cost?.throttleStatus;
    const needed = result.extensions?.cost?.requestedQueryCost ?? 0;
    const retryAfterMs =
      throttled && status && status.restoreRate > 0
        ? Math.ceil((Math.max(0, needed - status.currentlyAvailable) / status.restoreRate) * 1000) + 250
        : undefined;
    throw new ShopifyGraphqlError(result.errors.map((e) => e.message).join("; "), throttled, retryAfterMs);
  }
  if (!result.data) throw new ShopifyGraphqlError("Shopify answered without data", false);
  return result.data;
}
