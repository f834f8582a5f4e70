-- CreateTable
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
    "shopifySyncedAt" TIMESTAMP(3) NOT NULL,
    "hyperskuSyncedAt" TIMESTAMP(3),

    CONSTRAINT "CatalogueVariant_pkey" PRIMARY KEY ("shop","variantId")
);

-- CreateTable
CREATE TABLE "CatalogueSync" (
    "shop" TEXT NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'idle',
    "phase" TEXT,
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "variantsRead" INTEGER NOT NULL DEFAULT 0,
    "variantsTotal" INTEGER,
    "cursor" TEXT,
    "lastError" TEXT,
    "lastSucceededAt" TIMESTAMP(3),
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "CatalogueSync_pkey" PRIMARY KEY ("shop")
);

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_productTitle_variantId_idx" ON "CatalogueVariant"("shop", "productTitle", "variantId");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_sourcing_productTitle_variantId_idx" ON "CatalogueVariant"("shop", "sourcing", "productTitle", "variantId");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_productId_idx" ON "CatalogueVariant"("shop", "productId");

-- CreateIndex
CREATE INDEX "CatalogueVariant_shop_hyperskuSkuId_idx" ON "CatalogueVariant"("shop", "hyperskuSkuId");

