import type { SettingsField, SettingsFieldErrors, SettingsFormValues } from "~/domain/admin/settings-fields";

export const FIELD_LABELS: Record<SettingsField, string> = {
  forwardTrigger: "Send orders to HyperSKU when",
  holdMinutes: "Wait before sending",
  skipTestOrders: "Test orders",
  excludedTags: "Excluded tags",
  hyperskuLocationIds: "Locations HyperSKU ships for",
  includeProducts: "Send only these products",
  excludeProducts: "Never send these products",
  notifyCustomer: "Customer notification",
  platformCode: "HyperSKU platform code",
  notificationEmails: "Send notifications to",
  digestInterval: "Send at most one e-mail",
  noTrackingDays: "Parcels with no tracking after",
};

/** The element that gets the focus when the field is in error (the error summary links to it). */
export const fieldId = (field: SettingsField) => `settings-${field}`;

/** What each section of the form gets: the values as typed, their errors, and a setter per field. */
export type SectionProps = {
  values: SettingsFormValues;
  errors: SettingsFieldErrors;
  set: (field: SettingsField) => (value: string) => void;
};
