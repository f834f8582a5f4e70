-- CreateTable
CREATE TABLE "VariantFacts" (
    "shop" TEXT NOT NULL,
    "variantId" TEXT NOT NULL,
    "productId" TEXT,
    "imageUrl" TEXT,
    "productHandle" TEXT,
    "productTitle" TEXT,
    "vendor" TEXT,
    "productType" TEXT,
    "tags" TEXT NOT NULL DEFAULT '[]',
    "fetchedAt" DATETIME NOT NULL,

    PRIMARY KEY ("shop", "variantId")
);

