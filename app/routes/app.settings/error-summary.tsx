import { Banner, List } from "@shopify/polaris";
import type { SettingsField, SettingsFieldErrors } from "~/domain/admin/settings-fields";
import { FIELD_LABELS, fieldId } from "./fields";

/** The fields in error, each a link that moves the focus to it. */
export function ErrorSummary({ fields, errors }: { fields: SettingsField[]; errors: SettingsFieldErrors }) {
  return (
    <Banner tone="critical" title={`${fields.length === 1 ? "1 field needs" : `${fields.length} fields need`} a fix before saving`}>
      <List type="bullet">
        {fields.map((field) => (
          <List.Item key={field}>
            <a
              href={`#${fieldId(field)}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(fieldId(field))?.focus();
              }}
            >
              {FIELD_LABELS[field]}
            </a>
            : {errors[field]}
          </List.Item>
        ))}
      </List>
    </Banner>
  );
}
