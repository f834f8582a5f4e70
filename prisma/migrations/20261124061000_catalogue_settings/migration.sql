-- The catalogue's shop settings (docs/decisions/0026): the low-stock threshold, and whether a sync
-- keeps Shopify's inventory in step with the stock HyperSKU holds (off by default).
ALTER TABLE "Shop" ADD COLUMN "lowStockThreshold" INTEGER NOT NULL DEFAULT 10;
ALTER TABLE "Shop" ADD COLUMN "syncInventory" BOOLEAN NOT NULL DEFAULT false;
