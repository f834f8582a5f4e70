-- The Products page's two slow reads at 50,000 variants (docs/decisions/0026): a search for a rare word
-- scanned the table's wide rows, and the tabs' grouped count read every row. The page-order index now
-- carries searchText, so a search walks the index and reads only the rows that match; the count is
-- answered from an index of its own.
DROP INDEX "CatalogueVariant_shop_productTitle_variantId_idx";
CREATE INDEX "CatalogueVariant_shop_productTitle_variantId_searchText_idx" ON "CatalogueVariant"("shop", "productTitle", "variantId", "searchText");
CREATE INDEX "CatalogueVariant_shop_sourcing_excluded_productStatus_idx" ON "CatalogueVariant"("shop", "sourcing", "excluded", "productStatus");
