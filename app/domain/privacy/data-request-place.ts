/** Where the merchant finds Shopify's customer data requests in the app (the timeline names it). */
export const DATA_REQUESTS_PATH = "/app/privacy";
export const DATA_REQUESTS_PLACE = "Settings > Customer data requests";
