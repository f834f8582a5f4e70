import { findCustomsIds } from "./customs-ids";

const attrs = (...pairs: [string, string][]) => pairs.map(([name, value]) => ({ name, value }));

describe("findCustomsIds", () => {
  it.each(["tax_id", "Tax ID", "TAXNO", "tax-number", "VAT", "vat.id", "CPF", "CNPJ", "CPF/CNPJ", "RFC", "NIF", "RUT"])(
    "reads %s as the tax number",
    (name) => {
      expect(findCustomsIds(attrs([name, "X1"]), null)).toEqual({ taxNo: "X1" });
    },
  );

  it.each(["id_number", "ID No", "idcard", "National ID", "passport", "Passport Number", "customs_id", "PCCC"])(
    "reads %s as the id number",
    (name) => {
      expect(findCustomsIds(attrs([name, "Y2"]), null)).toEqual({ idNo: "Y2" });
    },
  );

  it("takes the first non-empty match and trims it", () => {
    expect(findCustomsIds(attrs(["tax_id", "  "], ["vat", " V-1 "], ["cpf", "C-2"]), null)).toEqual({ taxNo: "V-1" });
  });

  it.each(["123.456.789-09", "12345678909", "12.345.678/0001-95", "12345678000195"])(
    "reads the Brazilian tax number %s from the company field",
    (company) => {
      expect(findCustomsIds([], { company, countryCode: "BR" })).toEqual({ taxNo: company });
    },
  );

  it.each(["Loja Ltda", "1234567890", "123456789012", "123.456.789-0A"])("does not take %s from a Brazilian company field", (company) => {
    expect(findCustomsIds([], { company, countryCode: "BR" })).toEqual({});
  });

  it("prefers an attribute to the company field, and ignores company fields outside Brazil", () => {
    expect(findCustomsIds(attrs(["cpf", "A"]), { company: "12345678909", countryCode: "BR" })).toEqual({ taxNo: "A" });
    expect(findCustomsIds([], { company: "12345678909", countryCode: "PT" })).toEqual({});
  });
});
