import { useCallback, useEffect } from "react";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { useLoaderData, useNavigate, useNavigation, useRevalidator, useSearchParams } from "@remix-run/react";
import { BlockStack, Card, Layout, Page } from "@shopify/polaris";
import { PageHelp } from "~/components/PageHelp";
import { documentTitle, PageTitle } from "~/components/PageTitle";
import { NavigationLoading } from "~/components/NavigationLoading";
import { RouteErrorBoundary } from "~/components/RouteErrorBoundary";
import { getProductsPage, runProductsAction } from "~/domain/catalogue/products-page.server";
import { requireIntent } from "~/lib/form-intent";
import { authenticate } from "~/shopify.server";
import { ProductsFilters } from "./products-filters";
import { ProductsTable } from "./products-table";
import { SyncCard } from "./sync-card";
import { VariantCard } from "./variant-card";
import { PRODUCTS_INTENTS } from "~/domain/catalogue/products-page";
import { productsHref, type GoToProducts } from "./view";

export const meta: MetaFunction = () => documentTitle("Products");

/** While a sync runs, the page reads its progress again this often. */
const POLL_MS = 2_000;

export const loader = async ({ request }: LoaderFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  return json(await getProductsPage(session.shop, new URL(request.url)));
};

export const action = async ({ request }: ActionFunctionArgs) => {
  const { session } = await authenticate.admin(request);
  const form = await request.formData();
  const intent = requireIntent(form, PRODUCTS_INTENTS);
  return json(await runProductsAction(session.shop, intent, form));
};

export default function ProductsPage() {
  const data = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const running = data.sync.state === "running";

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") revalidator.revalidate();
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const go = useCallback<GoToProducts>(
    (changes, replace = false) => navigate(productsHref(params, changes), { replace }),
    [navigate, params],
  );
  const loadingList = navigation.state === "loading" && navigation.location.pathname === "/app/products";

  return (
    <Page fullWidth>
      <PageTitle title="Products" />
      <NavigationLoading />
      <Layout>
        <Layout.Section>
          <BlockStack gap="400">
            <SyncCard sync={data.sync} />
            {data.selected && <VariantCard selected={data.selected} onClose={() => go({ variant: null }, true)} />}
            <Card padding="0">
              <ProductsFilters filter={data.filter} search={data.search} counts={data.counts} go={go} loading={loadingList} />
              <div id="products-table">
                <ProductsTable
                  rows={data.rows}
                  loading={loadingList}
                  nextHref={data.nextHref}
                  hasPrevious={params.has("after")}
                  onSelect={(id) => go({ variant: id }, true)}
                  neverSynced={data.sync.state === "never"}
                />
              </div>
            </Card>
          </BlockStack>
        </Layout.Section>
      </Layout>
      <PageHelp topic="how products reach HyperSKU" />
    </Page>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary title="Products" />;
}
