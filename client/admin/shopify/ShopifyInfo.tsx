import { Trans, useLingui } from '@lingui/react/macro';
import { List, Text } from '@mantine/core';
import { SettingsSection } from '../common/SettingsSection.tsx';
import { SHOPIFY_PAIRS, type ShopifyPairId } from './shopify-form.ts';

type PairTexts = { title: string; detail: string; bg: string; text: string };

/** Names and explanations of the Buy Button elements (spec §2 "Customização Shopify"). */
export function usePairTexts(): Record<ShopifyPairId, PairTexts> {
  const { t } = useLingui();
  return {
    home_mobile: {
      title: t`Botão Mobile Home`,
      detail: t`O botão redondo com o ícone do carrinho nos produtos da página inicial, em celulares e tablets.`,
      bg: t`Fundo do círculo`,
      text: t`Cor do ícone`,
    },
    home_desktop: {
      title: t`Botão Desktop Home`,
      detail: t`O botão com texto que aparece ao passar o mouse sobre os produtos da página inicial, no computador.`,
      bg: t`Fundo do botão`,
      text: t`Texto do botão`,
    },
    product: {
      title: t`Botão Página de Produto`,
      detail: t`O botão 'Adicionar ao Carrinho' na página de cada produto.`,
      bg: t`Fundo do botão`,
      text: t`Texto do botão`,
    },
    buy_now: {
      title: t`Botão Comprar Agora`,
      detail: t`O botão 'Comprar Agora' na página de cada produto, que leva direto ao pagamento.`,
      bg: t`Fundo do botão`,
      text: t`Texto do botão`,
    },
    checkout: {
      title: t`Botão de Finalizar Compra`,
      detail: t`O botão que leva ao pagamento, dentro do carrinho.`,
      bg: t`Fundo do botão`,
      text: t`Texto do botão`,
    },
    toggle: {
      title: t`Toggle do Carrinho`,
      detail: t`O ícone flutuante com o contador de itens, que abre e fecha o carrinho.`,
      bg: t`Fundo do ícone`,
      text: t`Ícone e contador`,
    },
    cart: {
      title: t`Modal do Carrinho`,
      detail: t`O painel lateral com os itens, o subtotal e o botão de finalizar compra.`,
      bg: t`Fundo do painel`,
      text: t`Texto do painel`,
    },
  };
}

/** The info list: what each element is and where the shopper sees it. */
export function ShopifyInfo() {
  const texts = usePairTexts();
  return (
    <SettingsSection title={<Trans>Onde cada elemento aparece</Trans>}>
      <List spacing="xs" size="sm">
        {SHOPIFY_PAIRS.map((p) => (
          <List.Item key={p.id}>
            <Text span fw={600} size="sm">
              {texts[p.id].title}:
            </Text>{' '}
            {texts[p.id].detail}
          </List.Item>
        ))}
        <List.Item>
          <Text span fw={600} size="sm">
            <Trans>Tamanho</Trans>:
          </Text>{' '}
          <Trans>largura (em % da coluna) e altura (em px) dos botões da página de produto.</Trans>
        </List.Item>
      </List>
    </SettingsSection>
  );
}
