-- AlterTable
ALTER TABLE "HyperskuAuthorizationState" ADD COLUMN     "confirmHash" TEXT,
ADD COLUMN     "confirmedAt" TIMESTAMP(3),
ADD COLUMN     "pendingExpiresAt" TIMESTAMP(3),
ADD COLUMN     "pendingHyperskuUserId" TEXT,
ADD COLUMN     "pendingTokenSetSealed" TEXT,
ADD COLUMN     "startedByUserId" TEXT;

-- CreateTable
CREATE TABLE "RedactedOrder" (
    "shop" TEXT NOT NULL,
    "shopifyOrderId" TEXT NOT NULL,
    "redactedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "source" TEXT NOT NULL,

    CONSTRAINT "RedactedOrder_pkey" PRIMARY KEY ("shop","shopifyOrderId")
);

-- CreateIndex
CREATE UNIQUE INDEX "HyperskuAuthorizationState_confirmHash_key" ON "HyperskuAuthorizationState"("confirmHash");

