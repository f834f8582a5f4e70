-- The shop's IANA time zone from Shopify (shop.ianaTimezone), read with its name at install and by
-- every reconciliation run; the admin formats its times in it. Null until read (times show in UTC).
ALTER TABLE "Shop" ADD COLUMN "timezone" TEXT;
