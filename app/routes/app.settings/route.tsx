import { useEffect, useMemo, useState } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useFetcher, useLoaderData } from "@remix-run/react";
import { BlockStack, Box, Layout, Page } from "@shopify/polaris";
import { useAppBridge } from "@shopify/app-bridge-react";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { FormSaveBar } from "~/components/FormSaveBar";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { recomputeExcluded } from "~/domain/catalogue/recompute-excluded.server";
import { getCatalogueSettingsView, saveCatalogueSettingsForm } from "~/domain/catalogue/catalogue-settings.server";
import { getConnectionView } from "~/domain/connection/connection-view.server";
import { getNotificationsView } from "~/domain/notifications/send-digest.server";
import { SETTINGS_FIELDS, type SettingsField, type SettingsFieldErrors, type SettingsFormValues } from "~/domain/admin/settings-fields";
import { getLocationChoices, getSettingsForm, parseSettingsForm, readSettingsForm, saveSettings } from "~/domain/shops/settings.server";
import { INTENT_FIELD } from "~/lib/form-intent";
import { isOfflineMode } from "~/offline-mode.server";
import { authenticate } from "~/shopify.server";
import { useValueChanged } from "~/components/use-value-changed";
import { ErrorSummary } from "./error-summary";
import { fieldId } from "./fields";
import { CatalogueSection } from "./catalogue-section";
import { ForwardingSection } from "./forwarding-section";
import { FulfillmentSection } from "./fulfillment-section";
import { HyperskuSection } from "./hypersku-section";
import { NotificationsSection } from "./notifications-section";
import { PrivacySection } from "./privacy-section";
import { RoutingSection } from "./routing-section";

export const meta: MetaFunction = () => documentTitle("Settings");

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const [form, connection, notifications, catalogue] = await Promise.all([
    getSettingsForm(session.shop),
    getConnectionView(session.shop),
    getNotificationsView(session.shop),
    getCatalogueSettingsView(session.shop),
  ]);
  const chosen = form.values.hyperskuLocationIds ? form.values.hyperskuLocationIds.split(",") : [];
  const locations = await getLocationChoices(session.shop, chosen);
  return json({ ...form, connection, locations, notifications, catalogue, inlineSaveBar: isOfflineMode() });
};

type ActionData = { ok: true } | { ok: false; errors: SettingsFieldErrors };

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const formData = await request.formData();
  // The catalogue section's own form (catalogue-section.tsx).
  if (formData.get(INTENT_FIELD) === "catalogue") return json(await saveCatalogueSettingsForm(session.shop, formData));
  const parsed = parseSettingsForm(readSettingsForm(formData));
  if (!parsed.ok) return json<ActionData>({ ok: false, errors: parsed.errors }, { status: 400 });
  await saveSettings(session.shop, parsed.settings);
  await recomputeExcluded(session.shop); // the catalogue's "excluded by your rules" follows the saved rules
  return json<ActionData>({ ok: true });
};

export default function SettingsPage() {
  const {
    values: saved,
    defaultPlatformCode,
    connection,
    locations,
    notifications,
    catalogue,
    inlineSaveBar,
  } = useLoaderData<typeof loader>();
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
  const section = { values, errors, set };

  return (
    <Page>
      <PageTitle title="Settings" />
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
          {errorFields.length > 0 && <ErrorSummary fields={errorFields} errors={errors} />}
          <Layout>
            <ForwardingSection {...section} />
            <RoutingSection {...section} locations={locations} />
            <FulfillmentSection {...section} />
            <NotificationsSection {...section} view={notifications} />
            <HyperskuSection {...section} defaultPlatformCode={defaultPlatformCode} connection={connection} />
          </Layout>
        </BlockStack>
      </form>
      <Box paddingBlockStart="400">
        <Layout>
          <CatalogueSection saved={catalogue} />
          <PrivacySection />
        </Layout>
      </Box>
      <PageHelp topic="what each setting does" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Settings" />;
}
