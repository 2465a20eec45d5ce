/** The demo shop's banners, announcement bars, footer links and payment badges. */
import type { BannerArt, IconKind } from './demo-images.ts';

export type DemoBanner = { title: string; href: string; art: BannerArt };

export const DEMO_BANNERS: DemoBanner[] = [
  {
    title: 'Nova coleção de camisetas',
    href: '/colecao/camisetas',
    art: {
      from: '#0f3b5f',
      to: '#1f8a8a',
      glow: '#4fb3a9',
      items: [
        { kind: 'tshirt', pattern: 'stripes', palette: { main: '#f7f4ee', accent: '#1f3a5f', detail: '#1f3a5f' } },
        { kind: 'tshirt', pattern: 'print', palette: { main: '#9cb59a', accent: '#f4e3c1', detail: '#2f6b4a' } },
        { kind: 'tshirt', pattern: 'pocket', palette: { main: '#c8643b', accent: '#c8643b', detail: '#a94f2b' } },
      ],
    },
  },
  {
    title: 'Acessórios para o dia a dia',
    href: '/colecao/acessorios',
    art: {
      from: '#a8432a',
      to: '#f08a3c',
      glow: '#ffc27a',
      items: [
        { kind: 'cap', pattern: 'plain', palette: { main: '#1f3a5f', accent: '#e9e4d8', detail: '#1f3a5f' } },
        { kind: 'tote', pattern: 'print', palette: { main: '#ece0c8', accent: '#f08a3c', detail: '#4f8a4b' } },
      ],
    },
  },
  {
    title: 'Casa com mais aconchego',
    href: '/colecao/casa-decoracao',
    art: {
      from: '#24503c',
      to: '#6f9f7e',
      glow: '#a9d1b0',
      items: [
        { kind: 'mug', pattern: 'band', palette: { main: '#e98a7a', accent: '#fff4e6', detail: '#ffffff' } },
        { kind: 'plant', pattern: 'band', palette: { main: '#d87c5a', accent: '#f5e3d3', detail: '#ffffff' } },
        { kind: 'cushion', pattern: 'geo', palette: { main: '#e6b04a', accent: '#c8643b', detail: '#2a7f7a' } },
      ],
    },
  },
];

/** Announcement bars: the spec's default colours (#003e64 on #ffffff text) and two variants. */
export const DEMO_TOP_HEADERS = [
  { text: 'Frete grátis para compras acima de R$ 199', bg_color: '#003e64', text_color: '#ffffff' },
  { text: 'Parcele em até 6x sem juros no cartão', bg_color: '#00385a', text_color: '#ffffff' },
  { text: 'Primeira troca grátis em até 30 dias', bg_color: '#f2c14e', text_color: '#1a1a1a' },
];

/** Footer link columns with the spec's default link texts; an empty url is shown as plain text. */
export const DEMO_FOOTER_SECTIONS: { title: string; links: { label: string; url: string }[] }[] = [
  {
    title: 'Institucional',
    links: [
      { label: 'Quem somos', url: '' },
      { label: 'Nossa história', url: '' },
      { label: 'Trabalhe conosco', url: 'mailto:vagas@example.com' },
    ],
  },
  {
    title: 'Ajuda',
    links: [
      { label: 'Perguntas frequentes', url: '' },
      { label: 'Política de trocas', url: '/trocas-e-devolucoes' },
      { label: 'Fale conosco', url: 'mailto:contato@example.com' },
      { label: 'Rastrear pedido', url: 'https://rastreamento.correios.com.br/' },
      { label: 'Formas de pagamento', url: '' },
      { label: 'Parcelamento', url: '' },
    ],
  },
  {
    title: 'Políticas',
    links: [
      { label: 'Termos de uso', url: '/termos-de-uso' },
      { label: 'Política de privacidade', url: '/politica-de-privacidade' },
      { label: 'Política de cookies', url: '' },
    ],
  },
  // The storefront draws the payment badges under the section titled exactly 'payments'.
  { title: 'payments', links: [] },
];

/** Generic payment badges (plain shapes, no brand marks). */
export const DEMO_FOOTER_ICONS: { slug: string; kind: IconKind; alt_text: string }[] = [
  { slug: 'pix', kind: 'pix', alt_text: 'Pix' },
  { slug: 'credito', kind: 'credit', alt_text: 'Cartão de crédito' },
  { slug: 'debito', kind: 'debit', alt_text: 'Cartão de débito' },
  { slug: 'boleto', kind: 'boleto', alt_text: 'Boleto' },
  { slug: 'carteira', kind: 'wallet', alt_text: 'Carteira digital' },
];
