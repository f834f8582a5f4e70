-- The catalogue (docs/decisions/0026): the store's variants beside HyperSKU's side of them, and the
-- per-shop sync that fills it.
CREATE TABLE "CatalogueVariant" (
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT NOT NULL,
    "productTitle" TEXT NOT NULL,
    "variantTitle" TEXT NOT NULL,
    "sku" TEXT,
    "imageUrl" TEXT,
    "vendor" TEXT,
    "productType" TEXT,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "productStatus" TEXT NOT NULL,
    "searchText" TEXT NOT NULL,
    "excluded" BOOLEAN NOT NULL DEFAULT false,
    "sourcing" TEXT NOT NULL DEFAULT 'not_linked',
    "hyperskuProductId" TEXT,
    "hyperskuSkuId" TEXT,
    "hyperskuProductUrl" TEXT,
    "hyperskuImageUrl" TEXT,
    "unitCost" TEXT,
    "costCurrency" TEXT,
    "stock" INTEGER,
    "countries" TEXT NOT NULL DEFAULT '[]',
    "shopifySyncedAt" DATETIME NOT NULL,
    "hyperskuSyncedAt" DATETIME,

    PRIMARY KEY ("shop", "variantId")
);
CREATE INDEX "CatalogueVariant_shop_productTitle_variantId_idx" ON "CatalogueVariant"("shop", "productTitle", "variantId");
CREATE INDEX "CatalogueVariant_shop_sourcing_productTitle_variantId_idx" ON "CatalogueVariant"("shop", "sourcing", "productTitle", "variantId");
CREATE INDEX "CatalogueVariant_shop_productId_idx" ON "CatalogueVariant"("shop", "productId");
CREATE INDEX "CatalogueVariant_shop_hyperskuSkuId_idx" ON "CatalogueVariant"("shop", "hyperskuSkuId");

CREATE TABLE "CatalogueSync" (
    "shop" TEXT NOT NULL PRIMARY KEY,
    "state" TEXT NOT NULL DEFAULT 'idle',
    "phase" TEXT,
    "startedAt" DATETIME,
    "finishedAt" DATETIME,
    "variantsRead" INTEGER NOT NULL DEFAULT 0,
    "variantsTotal" INTEGER,
    "cursor" TEXT,
    "lastError" TEXT,
    "lastSucceededAt" DATETIME,
    "updatedAt" DATETIME NOT NULL
);
