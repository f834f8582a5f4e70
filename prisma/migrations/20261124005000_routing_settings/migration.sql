-- Which lines HyperSKU fulfils (app/domain/orders/route-lines.ts): the locations it ships for
-- ([] = every location of the merchant's own) and the merchant's product rules (none = every product).
ALTER TABLE "Shop" ADD COLUMN "hyperskuLocationIds" TEXT NOT NULL DEFAULT '[]';
ALTER TABLE "Shop" ADD COLUMN "productRules" TEXT NOT NULL DEFAULT '{"include":[],"exclude":[]}';
ALTER TABLE "Order" ADD COLUMN "leftOutLines" TEXT;
