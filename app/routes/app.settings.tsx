import { useEffect, useMemo, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { Banner, BlockStack, Card, Checkbox, ChoiceList, FormLayout, Layout, List, Page, TextField } from "@shopify/polaris";
import { TitleBar, useAppBridge } from "@shopify/app-bridge-react";
import { ConnectionCard } from "~/components/ConnectionCard";
import { FormSaveBar } from "~/components/FormSaveBar";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { getConnectionView } from "~/domain/connection/connection-view.server";
import { MAX_HOLD_MINUTES, SETTINGS_FIELDS, type SettingsField, type SettingsFieldErrors, type SettingsFormValues } from "~/domain/admin/settings-fields";
import { getSettingsForm, parseSettingsForm, readSettingsForm, saveSettings } from "~/domain/shops/settings.server";
import { isOfflineMode } from "~/offline-mode.server";
import { authenticate } from "~/shopify.server";
import { useValueChanged } from "~/components/use-value-changed";

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const [form, connection] = await Promise.all([getSettingsForm(session.shop), getConnectionView(session.shop)]);
  return json({ ...form, connection, inlineSaveBar: isOfflineMode() });
};

type ActionData = { ok: true } | { ok: false; errors: SettingsFieldErrors };

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const parsed = parseSettingsForm(readSettingsForm(await request.formData()));
  if (!parsed.ok) return json<ActionData>({ ok: false, errors: parsed.errors }, { status: 400 });
  await saveSettings(session.shop, parsed.settings);
  return json<ActionData>({ ok: true });
};

const FIELD_LABELS: Record<SettingsField, string> = {
  forwardTrigger: "Send orders to HyperSKU when",
  holdMinutes: "Wait before sending",
  skipTestOrders: "Test orders",
  excludedTags: "Excluded tags",
  notifyCustomer: "Customer notification",
  platformCode: "HyperSKU platform code",
};

const fieldId = (field: SettingsField) => `settings-${field}`;

export default function SettingsPage() {
  const { values: saved, defaultPlatformCode, connection, inlineSaveBar } = useLoaderData<typeof loader>();
  const fetcher = useFetcher<ActionData>();
  const shopify = useAppBridge();
  const [values, setValues] = useState<SettingsFormValues>(saved);
  const [errors, setErrors] = useState<SettingsFieldErrors>({});
  const saving = fetcher.state !== "idle";
  const dirty = useMemo(() => SETTINGS_FIELDS.some((field) => values[field] !== saved[field]), [values, saved]);

  // New saved values (after a save, or another tab's) replace the form's; a reload of the same
  // values (revalidation after a failed save) keeps what the merchant typed.
  // Both are state adjusted during render, so no frame shows the form out of step with the data.
  const savedKey = JSON.stringify(saved);
  if (useValueChanged(savedKey, savedKey)) setValues(saved);

  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const resultChanged = useValueChanged(result, undefined);
  if (resultChanged && result) setErrors(result.ok ? {} : result.errors);
  useEffect(() => {
    if (!result) return;
    if (result.ok) {
      shopify.toast.show("Settings saved");
      return;
    }
    shopify.toast.show("Fix the highlighted fields, then save again", { isError: true });
    // The first field in error gets the focus, so keyboard and screen-reader users land on it.
    const first = SETTINGS_FIELDS.find((field) => result.errors[field]);
    if (first) document.getElementById(fieldId(first))?.focus();
  }, [result, shopify]);

  const set = (field: SettingsField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const save = () => fetcher.submit(values, { method: "post" });
  const discard = () => {
    setValues(saved);
    setErrors({});
  };
  const errorFields = SETTINGS_FIELDS.filter((field) => errors[field]);

  return (
    <Page title="Settings" backAction={{ content: "Dashboard", url: "/app" }}>
      <TitleBar title="Settings" />
      <NavigationLoading />
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save();
        }}
        onReset={discard}
        aria-label="Settings"
      >
        <BlockStack gap="400">
          <FormSaveBar id="settings-save-bar" dirty={dirty} saving={saving} onSave={save} onDiscard={discard} inline={inlineSaveBar} />
          {errorFields.length > 0 && (
            <Banner tone="critical" title={`${errorFields.length === 1 ? "1 field needs" : `${errorFields.length} fields need`} a fix before saving`}>
              <List type="bullet">
                {errorFields.map((field) => (
                  <List.Item key={field}>
                    <a href={`#${fieldId(field)}`} onClick={(event) => { event.preventDefault(); document.getElementById(fieldId(field))?.focus(); }}>
                      {FIELD_LABELS[field]}
                    </a>
                    : {errors[field]}
                  </List.Item>
                ))}
              </List>
            </Banner>
          )}
          <Layout>
            <Layout.AnnotatedSection id="forwarding" title="Forwarding rules" description="Which orders go to HyperSKU, and when.">
              <Card>
                <FormLayout>
                    <div id={fieldId("forwardTrigger")} tabIndex={-1}>
                      <ChoiceList
                        title={FIELD_LABELS.forwardTrigger}
                        name="forwardTrigger"
                        choices={[
                          { label: "The order is paid (recommended)", value: "paid", helpText: "HyperSKU buys the items only for orders you have been paid for." },
                          { label: "The order is created", value: "created", helpText: "Also sends orders that are not paid yet (cash on delivery, bank transfer)." },
                        ]}
                        selected={[values.forwardTrigger]}
                        onChange={(selected) => set("forwardTrigger")(selected[0] ?? "paid")}
                        error={errors.forwardTrigger}
                      />
                    </div>
                    <TextField
                      id={fieldId("holdMinutes")}
                      name="holdMinutes"
                      label={`${FIELD_LABELS.holdMinutes} (minutes)`}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={MAX_HOLD_MINUTES}
                      value={values.holdMinutes}
                      onChange={set("holdMinutes")}
                      error={errors.holdMinutes}
                      helpText={`0 sends at once. Up to ${MAX_HOLD_MINUTES.toLocaleString("en-US")} (one week): time for a fraud review or early edits.`}
                      autoComplete="off"
                    />
                    <Checkbox
                      id={fieldId("skipTestOrders")}
                      name="skipTestOrders"
                      label="Don't send test orders"
                      helpText="Orders placed with Shopify's test payment gateway stay in Shopify."
                      checked={values.skipTestOrders === "true"}
                      onChange={(checked) => set("skipTestOrders")(String(checked))}
                      error={errors.skipTestOrders}
                    />
                    <TextField
                      id={fieldId("excludedTags")}
                      name="excludedTags"
                      label={FIELD_LABELS.excludedTags}
                      value={values.excludedTags}
                      onChange={set("excludedTags")}
                      error={errors.excludedTags}
                      helpText="Orders with any of these tags are not sent. Separate tags with commas; capitals do not matter."
                      placeholder="wholesale, no-hypersku"
                      autoComplete="off"
                    />
                </FormLayout>
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection id="fulfillment" title="Fulfillment" description="What happens in Shopify when HyperSKU ships.">
              <Card>
                <Checkbox
                    id={fieldId("notifyCustomer")}
                    name="notifyCustomer"
                    label="Notify the customer when an order is marked as fulfilled"
                    helpText="Shopify sends its shipping confirmation e-mail with the tracking link."
                    checked={values.notifyCustomer === "true"}
                    onChange={(checked) => set("notifyCustomer")(String(checked))}
                    error={errors.notifyCustomer}
                  />
              </Card>
            </Layout.AnnotatedSection>
            <Layout.AnnotatedSection id="hypersku" title="HyperSKU" description="Your HyperSKU account and how orders are labelled there.">
              <BlockStack gap="400">
                <Card>
                    <TextField
                      id={fieldId("platformCode")}
                      name="platformCode"
                      label={FIELD_LABELS.platformCode}
                      type="number"
                      inputMode="numeric"
                      min={0}
                      value={values.platformCode}
                      onChange={set("platformCode")}
                      error={errors.platformCode}
                      helpText={`Leave empty to use the default (${defaultPlatformCode}). Change it only if HyperSKU asks you to.`}
                      autoComplete="off"
                    />
                </Card>
                <ConnectionCard view={connection} action="/app/connection" />
              </BlockStack>
            </Layout.AnnotatedSection>
          </Layout>
        </BlockStack>
      </form>
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Settings" />;
}
