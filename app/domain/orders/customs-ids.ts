/**
 * The buyer's tax number and personal id that some countries' customs need (Brazil's CPF/CNPJ,
 * Korea's PCCC, EU VAT numbers). Shopify has no field for them: checkouts collect them as order
 * attributes (cart attributes / checkout apps) or, in Brazil, in the address's company field.
 *
 * Accepted attribute names, compared without case, spaces, dots, dashes, slashes or underscores
 * ("Tax ID" = "tax_id" = "taxid"):
 * - taxNo: tax id, tax no, tax number, tax code, vat, vat id, vat no, vat number, cpf, cnpj, cpf/cnpj,
 *   rfc, nif, ruc, rut, cuit
 * - idNo: id no, id number, id card, national id, personal id, passport, passport no, passport number,
 *   customs id, customs code, pccc
 * The first non-empty match in attribute order wins.
 */
import type { NameValue } from "~/models/order-snapshot";

const TAX_NUMBER_ATTRIBUTES = [
  "taxid",
  "taxno",
  "taxnumber",
  "taxcode",
  "vat",
  "vatid",
  "vatno",
  "vatnumber",
  "cpf",
  "cnpj",
  "cpfcnpj",
  "rfc",
  "nif",
  "ruc",
  "rut",
  "cuit",
];

const ID_NUMBER_ATTRIBUTES = [
  "idno",
  "idnumber",
  "idcard",
  "nationalid",
  "personalid",
  "passport",
  "passportno",
  "passportnumber",
  "customsid",
  "customscode",
  "pccc",
];

function normalizeName(name: string): string {
  return name.toLowerCase().replace(/[\s._\-/]+/g, "");
}

function findAttribute(attributes: readonly NameValue[], names: readonly string[]): string | undefined {
  for (const attribute of attributes) {
    const value = attribute.value.trim();
    if (value && names.includes(normalizeName(attribute.name))) return value;
  }
  return undefined;
}

/** A CPF (11 digits) or CNPJ (14 digits), punctuated or not, e.g. "123.456.789-09". */
const BRAZILIAN_TAX_NUMBER = /^(?=(?:\D*\d){11}(?:(?:\D*\d){3})?\D*$)[\d.\-/ ]+$/;

export type CustomsIds = { taxNo?: string; idNo?: string };

type CompanyField = { company: string | null; countryCode: string | null };

/** The address's company field when it holds a Brazilian CPF/CNPJ (a tax number, not a company name). */
export function companyTaxNumber(address: CompanyField | null): string | undefined {
  const company = address?.company?.trim();
  const brazil = address?.countryCode?.trim().toUpperCase() === "BR";
  return brazil && company && BRAZILIAN_TAX_NUMBER.test(company) ? company : undefined;
}

export function findCustomsIds(attributes: readonly NameValue[], address: CompanyField | null): CustomsIds {
  const ids: CustomsIds = {};
  const taxNo = findAttribute(attributes, TAX_NUMBER_ATTRIBUTES) ?? companyTaxNumber(address);
  const idNo = findAttribute(attributes, ID_NUMBER_ATTRIBUTES);
  if (taxNo) ids.taxNo = taxNo;
  if (idNo) ids.idNo = idNo;
  return ids;
}
