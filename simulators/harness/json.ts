/** JSON values as Shopify's and HyperSKU's payloads carry them, for the twins and their factories. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };
