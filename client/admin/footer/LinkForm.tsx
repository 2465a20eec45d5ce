import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, TextInput } from '@mantine/core';
import { CONTENT_MESSAGES, isSafeLinkUrl, ZFooterLinkCreate } from '../../../shared/content.ts';
import { showFieldError } from '../common/server-errors.ts';
import { type FormOf, useContractForm } from '../common/useContractForm.ts';

export type LinkValues = { label: string; url: string };
export type LinkFormApi = FormOf<LinkValues>;

/** The link contract the server parses, plus its service rules: a label, and no script URL. */
const contract = ZFooterLinkCreate.pick({ label: true, url: true });
const serviceRules = (v: LinkValues) => ({
  ...(v.label.trim() ? {} : { label: CONTENT_MESSAGES.linkLabelRequired }),
  ...(isSafeLinkUrl(v.url.trim()) ? {} : { url: CONTENT_MESSAGES.invalidLink }),
});

/** A link form (label required; an empty URL makes the link plain text), checked like the server checks it. */
export function useLinkForm(initial: LinkValues = { label: '', url: '' }): LinkFormApi {
  return useContractForm(contract, initial, serviceRules);
}

/** Puts a refused save's message under its field (label or url). */
export const showLinkError = (form: LinkFormApi, error: unknown) => showFieldError(form, error);

/** Label and URL inputs with the submit (and optional cancel) button. */
export function LinkFields(props: {
  form: LinkFormApi;
  saving: boolean;
  submitLabel: React.ReactNode;
  onCancel?: () => void;
  idPrefix: string;
}) {
  const { t } = useLingui();
  const { form } = props;
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <TextInput
        id={`${props.idPrefix}-label`}
        label={t`Texto do link`}
        maxLength={255}
        style={{ flex: 1, minWidth: 160 }}
        {...form.getInputProps('label')}
      />
      <TextInput
        id={`${props.idPrefix}-url`}
        label={t`URL (opcional)`}
        placeholder={t`Ex.: /colecao/camisetas`}
        maxLength={2000}
        style={{ flex: 2, minWidth: 200 }}
        {...form.getInputProps('url')}
      />
      <Group gap="xs" mt={25}>
        <Button type="submit" loading={props.saving} variant="light">
          {props.submitLabel}
        </Button>
        {props.onCancel && (
          <Button variant="subtle" color="gray" onClick={props.onCancel}>
            <Trans>Cancelar</Trans>
          </Button>
        )}
      </Group>
    </Group>
  );
}
