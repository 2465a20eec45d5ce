import { useLingui } from '@lingui/react/macro';
import { Checkbox, Flex, Group, Stack, Text, TextInput } from '@mantine/core';
import { WEEK_ORDER } from '../../../shared/business-hours.ts';
import type { FormOf } from '../common/useContractForm.ts';
import type { WhatsAppValues } from './whatsapp-form.ts';

/** The seven days, Monday first: open or not, from and to (HH:MM, the shop's time zone). */
export function HoursEditor({ form, disabled }: { form: FormOf<WhatsAppValues>; disabled: boolean }) {
  const { t } = useLingui();
  const names = [t`Domingo`, t`Segunda-feira`, t`Terça-feira`, t`Quarta-feira`, t`Quinta-feira`, t`Sexta-feira`, t`Sábado`];
  return (
    <Stack gap="xs" role="group" aria-label={t`Dias e horários`}>
      {WEEK_ORDER.map((day) => {
        const open = form.values.whatsapp_hours[day]?.open ?? false;
        const name = names[day] ?? '';
        return (
          <Flex
            key={day}
            direction={{ base: 'column', sm: 'row' }}
            gap={{ base: 6, sm: 'sm' }}
            align={{ base: 'stretch', sm: 'flex-start' }}
          >
            <Checkbox
              w={{ sm: 150 }}
              mt={{ sm: 8 }}
              label={name}
              disabled={disabled}
              {...form.getInputProps(`whatsapp_hours.${day}.open`, { type: 'checkbox' })}
            />
            <Group gap={8} wrap="nowrap" align="flex-start">
              <TextInput
                type="time"
                w={128}
                aria-label={t`${name}: das`}
                disabled={disabled || !open}
                {...form.getInputProps(`whatsapp_hours.${day}.from`)}
              />
              <Text mt={6} aria-hidden="true">
                –
              </Text>
              <TextInput
                type="time"
                w={128}
                aria-label={t`${name}: até`}
                disabled={disabled || !open}
                {...form.getInputProps(`whatsapp_hours.${day}.to`)}
              />
            </Group>
          </Flex>
        );
      })}
    </Stack>
  );
}
