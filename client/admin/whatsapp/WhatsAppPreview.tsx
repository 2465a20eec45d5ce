import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { whatsappLink } from '../../../shared/whatsapp-link.ts';
import { normalizeWhatsAppNumber } from '../../../shared/whatsapp-number.ts';
import type { WhatsAppValues } from './whatsapp-form.ts';

/** How the server will read the number, and the floating button's link to try it out. */
export function WhatsAppPreview({ values, siteTitle }: { values: WhatsAppValues; siteTitle: string }) {
  const { t } = useLingui();
  const number = normalizeWhatsAppNumber(values.whatsapp_number);
  const message = values.whatsapp_message.trim() || t`Olá! Vim pela loja ${siteTitle} e gostaria de atendimento.`;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm" aria-live="polite">
        <Title order={3} size="h4">
          <Trans>Prévia</Trans>
        </Title>
        {number === '' && (
          <Text size="sm" c="dimmed">
            <Trans>Sem número: a loja não mostra o WhatsApp.</Trans>
          </Text>
        )}
        {number === null && (
          <Text size="sm" c="red.8">
            <Trans>Este número ainda não é válido.</Trans>
          </Text>
        )}
        {number && (
          <>
            <Text size="sm">
              <Trans>
                Número salvo como <Code>{number}</Code>
              </Trans>
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message}
            </Text>
            <Anchor href={whatsappLink(number, message)} target="_blank" rel="noopener noreferrer" size="sm">
              <Trans>Testar o botão no WhatsApp</Trans>
            </Anchor>
          </>
        )}
      </Stack>
    </Paper>
  );
}
