-- Privacy requests find a customer's orders by their customer id and phone exactly (app/domain/privacy/customer-match.ts):
-- the snapshot's phone as digits only, as app/models/order.server.ts (phoneKey) now writes it.
ALTER TABLE "Order" ADD COLUMN "customerPhone" TEXT;
ALTER TABLE "Order" ADD COLUMN "shopifyCustomerId" TEXT;

-- Orders stored before this migration. SQLite has no regular expressions: the separators Shopify's
-- phones carry are taken out one by one (a phone with other characters keeps them and is then
-- found by its order id or e-mail only). A redacted snapshot holds no phone, so its key stays empty.
UPDATE "Order" SET "customerPhone" = NULLIF(
  replace(replace(replace(replace(replace(replace(replace(
    coalesce(json_extract("snapshot", '$.phone'), ''),
    ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '/', ''), '+', ''),
  '')
WHERE json_valid("snapshot");

-- Fewer than six digits is not a phone anyone could be found by (phoneKey).
UPDATE "Order" SET "customerPhone" = NULL WHERE length("customerPhone") < 6;

CREATE INDEX "Order_shop_customerPhone_idx" ON "Order"("shop", "customerPhone");

-- The customer id comes only with snapshots stored from now on (older ones never held it).
CREATE INDEX "Order_shop_shopifyCustomerId_idx" ON "Order"("shop", "shopifyCustomerId");
