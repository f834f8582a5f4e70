import { Banner, BlockStack, Card, ChoiceList, FormLayout, Layout, Text, TextField } from "@shopify/polaris";
import { MAX_NO_TRACKING_DAYS, MAX_NOTIFICATION_EMAILS, MIN_NO_TRACKING_DAYS } from "~/domain/admin/settings-fields";
import type { getNotificationsView } from "~/domain/notifications/send-digest.server";
import { FIELD_LABELS, fieldId, type SectionProps } from "./fields";

type NotificationsView = Awaited<ReturnType<typeof getNotificationsView>>;

const INTERVAL_CHOICES = [
  { label: "Every hour", value: "hourly" },
  { label: "Every 6 hours", value: "six_hours" },
  { label: "Once a day", value: "daily" },
];

function DeliveryBanner({ view }: { view: NotificationsView }) {
  if (view.delivery.kind === "off")
    return (
      <Banner tone="warning" title="E-mail notifications are off on this server">
        The app&apos;s operator has not set up a mail server (SMTP_URL), so no e-mail is sent. Your choices are kept and used once it is.
      </Banner>
    );
  if (view.delivery.kind === "outbox")
    return (
      <Banner tone="info" title="Demo: e-mails are written to a folder">
        Nothing is sent; each e-mail is saved as an .eml file in {view.delivery.dir}.
      </Banner>
    );
  return null;
}

/** Who gets the digest of what needs the merchant, how often at most, and when a parcel counts as late. */
export function NotificationsSection({ values, errors, set, view }: SectionProps & { view: NotificationsView }) {
  return (
    <Layout.AnnotatedSection
      id="notifications"
      title="Notifications"
      description="An e-mail when something needs you: orders that cannot be sent, payments HyperSKU waits for, a lost connection, parcels without tracking. Nothing when nothing changed."
    >
      <BlockStack gap="400">
        <DeliveryBanner view={view} />
        {view.unconfirmedSentAt ? (
          <Banner tone="warning" title="The last e-mail may have arrived">
            {view.lastError ?? `It went on ${view.unconfirmedSentAt}, but the mail server never confirmed it.`} If it did not arrive, the
            app sends it once more later, with the same message id.
          </Banner>
        ) : (
          view.lastError && (
            <Banner tone="critical" title="The last e-mail could not be delivered">
              {view.lastError} The app tries again on its own.
            </Banner>
          )
        )}
        <Card>
          <FormLayout>
            <TextField
              id={fieldId("notificationEmails")}
              name="notificationEmails"
              label={FIELD_LABELS.notificationEmails}
              type="text"
              value={values.notificationEmails}
              onChange={set("notificationEmails")}
              error={errors.notificationEmails}
              helpText={`Up to ${MAX_NOTIFICATION_EMAILS} addresses, separated by commas. Leave empty for no e-mails.`}
              placeholder="you@example.com, team@example.com"
              autoComplete="email"
            />
            <div id={fieldId("digestInterval")} tabIndex={-1}>
              <ChoiceList
                title={FIELD_LABELS.digestInterval}
                name="digestInterval"
                choices={INTERVAL_CHOICES}
                selected={[values.digestInterval]}
                onChange={(selected) => set("digestInterval")(selected[0] ?? "daily")}
                error={errors.digestInterval}
              />
            </div>
            <TextField
              id={fieldId("noTrackingDays")}
              name="noTrackingDays"
              label={`${FIELD_LABELS.noTrackingDays} (days)`}
              type="number"
              inputMode="numeric"
              min={MIN_NO_TRACKING_DAYS}
              max={MAX_NO_TRACKING_DAYS}
              value={values.noTrackingDays}
              onChange={set("noTrackingDays")}
              error={errors.noTrackingDays}
              helpText={`An order HyperSKU has had this long without a tracking number is named in the e-mail (${MIN_NO_TRACKING_DAYS} to ${MAX_NO_TRACKING_DAYS}).`}
              autoComplete="off"
            />
            {view.lastSentAt && (
              <Text as="p" tone="subdued">
                Last e-mail sent {view.lastSentAt}.
              </Text>
            )}
          </FormLayout>
        </Card>
      </BlockStack>
    </Layout.AnnotatedSection>
  );
}
