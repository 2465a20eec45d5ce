import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Switch } from '@mantine/core';
import { ColorField } from '../common/ColorField.tsx';
import { ContrastHint } from '../common/ContrastHint.tsx';
import { SegmentedField } from '../common/SegmentedField.tsx';
import { SettingsFormLayout } from '../common/SettingsFormLayout.tsx';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { useSettingsForm } from '../common/useSettingsForm.ts';
import { HeaderPreview } from './HeaderPreview.tsx';
import { HEADER_KEYS, HEADER_THEME, resolveColor } from './header-form.ts';

/** Admin section 'Header' (spec §2, §3 "Header"): layout, buttons, colours and scroll behaviour, with a live preview. */
export function HeaderPage() {
  const { t } = useLingui();
  const { form, settings, onSubmit, ...state } = useSettingsForm({
    keys: HEADER_KEYS,
    success: t`Header atualizado`,
    failure: { title: t`Erro`, message: t`Falha ao salvar configurações.` },
  });
  const v = form.values;
  const sides = [
    { value: 'left' as const, label: t`Esquerda` },
    { value: 'right' as const, label: t`Direita` },
  ];
  const input = form.getInputProps;
  return (
    <SettingsFormLayout
      title={t`Header`}
      state={state}
      onSubmit={onSubmit}
      preview={settings && <HeaderPreview values={v} title={settings.site_title} logoUrl={settings.logo_url} />}
    >
      <SettingsSection title={<Trans>Layout</Trans>}>
        <SegmentedField
          label={t`Posição do logo`}
          data={[
            { value: 'left', label: t`Esquerda` },
            { value: 'center', label: t`Centro` },
            { value: 'right', label: t`Direita` },
          ]}
          {...input('header_logo_position')}
        />
        <SegmentedField label={t`Posição dos ícones`} data={sides} {...input('header_icons_position')} />
        <Stack gap="sm">
          <Switch label={t`Mostrar busca`} {...input('header_show_search', { type: 'checkbox' })} />
          <Switch label={t`Mostrar carrinho`} {...input('header_show_cart', { type: 'checkbox' })} />
          <Switch label={t`Mostrar menu (celular)`} {...input('header_show_menu', { type: 'checkbox' })} />
        </Stack>
      </SettingsSection>
      <SettingsSection title={<Trans>Celular</Trans>} description={<Trans>De que lado cada botão fica em telas pequenas.</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <SegmentedField label={t`Busca`} data={sides} {...input('header_mobile_search_position')} />
          <SegmentedField label={t`Carrinho`} data={sides} {...input('header_mobile_cart_position')} />
          <SegmentedField label={t`Menu`} data={sides} {...input('header_mobile_menu_position')} />
        </SimpleGrid>
      </SettingsSection>
      <SettingsSection title={<Trans>Cores</Trans>} description={<Trans>"Padrão" usa as cores do tema da loja.</Trans>}>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <ColorField allowDefault label={t`Fundo`} {...input('header_bg_color')} />
          <ColorField allowDefault label={t`Texto`} {...input('header_text_color')} />
          <ColorField allowDefault label={t`Borda`} {...input('header_border_color')} />
        </SimpleGrid>
        <ContrastHint
          text={resolveColor(v.header_text_color, HEADER_THEME.text)}
          background={resolveColor(v.header_bg_color, HEADER_THEME.bg)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <ColorField allowDefault label={t`Fundo do menu e da busca`} {...input('header_modal_bg_color')} />
          <ColorField allowDefault label={t`Texto do menu e da busca`} {...input('header_modal_text_color')} />
        </SimpleGrid>
        <ContrastHint
          text={resolveColor(v.header_modal_text_color, HEADER_THEME.modalText)}
          background={resolveColor(v.header_modal_bg_color, HEADER_THEME.modalBg)}
        />
      </SettingsSection>
      <SettingsSection title={<Trans>Ao rolar a página</Trans>}>
        <Switch
          label={t`Header fixo no topo`}
          description={t`Continua visível enquanto o visitante rola a página.`}
          {...input('header_fixed', { type: 'checkbox' })}
        />
        <Switch
          label={t`Transparente ao rolar`}
          description={t`Fica levemente transparente depois de rolar a página.`}
          {...input('header_transparent_scroll', { type: 'checkbox' })}
        />
      </SettingsSection>
    </SettingsFormLayout>
  );
}
