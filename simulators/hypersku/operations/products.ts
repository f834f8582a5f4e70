/**
 * The Product group (getPrivateProduct, getProductInfo) and `create`, all inferred: the spec names them
 * and publishes neither method, path nor payload (docs/hypersku-contract.md, "Operations").
 */
import { productInfo, findProduct, findSku, type CatalogueSku } from "../private-products";
import { BUSINESS, businessError, success, type Reply } from "../responses";
import { catalogueOf } from "../state";
import { parsePositiveIntParam, stockOrderRequestSchema, validate } from "../validation";
import type { OperationContext } from "./context";

const DEFAULT_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

/** `pageNum` (from 1) and `pageSize` (at most 100) of a TableResultResponse request, or why they are refused. */
export function readPage(query: URLSearchParams): { pageNum: number; pageSize: number } | { problem: string } {
  const values: Record<string, number | undefined> = {};
  for (const name of ["pageNum", "pageSize"]) {
    const raw = query.get(name);
    const value = parsePositiveIntParam(raw);
    if (raw !== null && value === undefined) return { problem: `${name} must be a positive whole number` };
    values[name] = value;
  }
  const pageSize = values.pageSize ?? DEFAULT_PAGE_SIZE;
  if (pageSize > MAX_PAGE_SIZE) return { problem: `pageSize must be at most ${MAX_PAGE_SIZE}` };
  return { pageNum: values.pageNum ?? 1, pageSize };
}

export function paged<T>(rows: T[], page: { pageNum: number; pageSize: number }) {
  const start = (page.pageNum - 1) * page.pageSize;
  return { total: rows.length, rows: rows.slice(start, start + page.pageSize) };
}

/** A page of private products, ordered by HyperSKU product id (stable across pages). */
export function getPrivateProduct(ctx: OperationContext): Reply {
  const page = readPage(ctx.query);
  if ("problem" in page) return businessError(ctx.options, BUSINESS.invalidRequest, page.problem);
  const products = [...catalogueOf(ctx.state)].sort((a, b) => a.productId - b.productId);
  const { total, rows } = paged(products, page);
  return success(ctx.options, { total, rows: rows.map(productInfo) });
}

export function getProductInfo(ctx: OperationContext): Reply {
  const productId = parsePositiveIntParam(ctx.query.get("productId"));
  if (productId === undefined) return businessError(ctx.options, BUSINESS.invalidRequest, "productId must be a positive whole number");
  const product = findProduct(catalogueOf(ctx.state), productId);
  if (!product) return businessError(ctx.options, BUSINESS.notFound, `productId ${productId} does not exist`);
  return success(ctx.options, productInfo(product));
}

/**
 * The SKUs of a request, or the refusal: an unknown SKU (40004) or one HyperSKU no longer offers (40009).
 */
export function requireOfferedSkus(
  ctx: OperationContext,
  items: { skuId: number; num: number }[],
): { skus: { sku: CatalogueSku; num: number }[] } | { reply: Reply } {
  const skus: { sku: CatalogueSku; num: number }[] = [];
  for (const item of items) {
    const found = findSku(catalogueOf(ctx.state), item.skuId);
    if (!found) return { reply: businessError(ctx.options, BUSINESS.notFound, `skuId ${item.skuId} is not one of your SKUs`) };
    if (!found.sku.offered) return { reply: businessError(ctx.options, BUSINESS.conflict, `skuId ${item.skuId} is no longer offered`) };
    skus.push({ sku: found.sku, num: item.num });
  }
  return { skus };
}

/** `create` (inferred): an order for SKUs to be held as stock; it waits for payment (status 1). */
export function create(ctx: OperationContext): Reply {
  const parsed = validate(stockOrderRequestSchema, ctx.body);
  if (!parsed.ok) return businessError(ctx.options, BUSINESS.invalidRequest, parsed.message);
  const checked = requireOfferedSkus(ctx, parsed.value.skuItems);
  if ("reply" in checked) return checked.reply;
  const amount = Math.round(checked.skus.reduce((sum, { sku, num }) => sum + sku.unitPrice * num, 0) * 100) / 100;
  const order = {
    orderId: ctx.state.nextOrderId++,
    status: 1,
    statusDesc: "Pending Payment",
    skuItems: parsed.value.skuItems,
    amount,
    currencyCode: "USD",
    remark: parsed.value.remark ?? "",
    createTime: ctx.now.toISOString(),
  };
  (ctx.state.stockOrders ??= []).push(order);
  ctx.changed();
  return success(ctx.options, order);
}
