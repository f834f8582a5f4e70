-- DropIndex
DROP INDEX "CatalogueVariant_shop_productTitle_variantId_idx";

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_productTitle_variantId_searchText_idx" ON "CatalogueVariant"("shop", "productTitle", "variantId", "searchText");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_sourcing_excluded_productStatus_idx" ON "CatalogueVariant"("shop", "sourcing", "excluded", "productStatus");

