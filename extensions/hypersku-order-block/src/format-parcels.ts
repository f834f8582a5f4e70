/**
 * Each parcel as the block lists it: carrier, tracking number linked to the carrier's page, its
 * status, how many items, and whether Shopify has the fulfillment. Pure.
 */
import type { I18n } from "./i18n";
import type { OrderBlockParcel } from "../../../app/domain/extension/order-block-contract";

export type ParcelLine = {
  key: string;
  heading: string;
  carrier: string;
  /** A link when the app sent a safe tracking address; otherwise just the number, or a note. */
  tracking: { text: string; url: string | null };
  status: string | null;
  items: string | null;
  fulfillment: { text: string; tone: "neutral" | "success" | "critical" } | null;
};

/** Only http(s) addresses become links, whatever the app sent. */
export function getSafeTrackingUrl(value: string | null): string | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

function describeFulfillment(parcel: OrderBlockParcel, { t }: I18n): ParcelLine["fulfillment"] {
  switch (parcel.fulfillment) {
    case "created":
      return { text: t("parcels.fulfillment.created"), tone: "success" };
    case "pending":
      return { text: t("parcels.fulfillment.pending"), tone: "neutral" };
    case "conflict":
      return { text: t("parcels.fulfillment.conflict"), tone: "critical" };
    case "failed":
      return {
        text: parcel.fulfillmentError
          ? t("parcels.fulfillment.failedWithError", { error: parcel.fulfillmentError })
          : t("parcels.fulfillment.failed"),
        tone: "critical",
      };
    default:
      return null;
  }
}

export function formatParcels(parcels: readonly OrderBlockParcel[], i18n: I18n): ParcelLine[] {
  const { t } = i18n;
  return parcels.map((parcel, index) => {
    const url = getSafeTrackingUrl(parcel.trackingUrl);
    const text = parcel.trackingNumber ?? (url ? t("parcels.track") : t("parcels.noTracking"));
    return {
      key: parcel.key,
      heading: t("parcels.parcelHeading", { number: index + 1, total: parcels.length }),
      carrier: parcel.carrier ?? t("parcels.unknownCarrier"),
      tracking: { text, url },
      status: parcel.status,
      items: parcel.itemCount > 0 ? t("parcels.items", { count: parcel.itemCount }) : null,
      fulfillment: describeFulfillment(parcel, i18n),
    };
  });
}
