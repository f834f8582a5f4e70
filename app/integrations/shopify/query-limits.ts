/**
 * Shopify's limits on one Admin GraphQL query (https://shopify.dev/docs/apps/build/apis/graphql-admin/rate-limits).
 * Plain constants, so code that runs in production can size its reads without loading the cost
 * estimator (query-cost.ts, which needs the `graphql` package only tests and tools install).
 */

/** Shopify refuses a query whose requested cost is above this, before running it. */
export const MAX_QUERY_COST = 1000;

/** The most items one list argument (e.g. `nodes(ids:)`) may carry. */
export const MAX_LIST_ARGUMENT = 250;
