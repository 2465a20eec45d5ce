/** Demo products for the home and Casa & Decoração (the rest are in demo-data.ts). */
import { BG, shot } from './art-kit.ts';
import type { DemoProduct } from './demo-data.ts';

/** Casa & Decoração, then the featured products (no collection) shown first on the home. */
export const HOME_PRODUCTS: DemoProduct[] = [
  {
    title: 'Almofada Geométrica Boho 45x45',
    description:
      'Capa de almofada em jacquard com estampa geométrica de inspiração boho e borlas nos cantos. Zíper invisível e enchimento de fibra siliconada incluso. Medidas: 45 x 45 cm.',
    price: '89.90',
    old_price: '109.90',
    collection: 'Casa & Decoração',
    art: {
      kind: 'cushion',
      pattern: 'geo',
      shots: [shot('#e6b04a', '#c8643b', '#2a7f7a', BG.sand), shot('#2a7f7a', '#f2c14e', '#f4eee6', BG.rose)],
    },
  },
  {
    title: 'Vaso de Cerâmica com Planta Artificial',
    description:
      'Vaso artesanal de cerâmica com faixa em zigue-zague pintada à mão e planta artificial de toque realista. Não precisa de rega nem de sol, ótimo para escritório e banheiro. Altura total: 38 cm.',
    price: '119.90',
    old_price: null,
    collection: 'Casa & Decoração',
    art: {
      kind: 'plant',
      pattern: 'band',
      shots: [shot('#d87c5a', '#f5e3d3', '#ffffff', BG.sage), shot('#f1ede6', '#2a7f7a', '#2a7f7a', BG.butter)],
    },
  },
  {
    title: 'Caneca de Cerâmica Listrada 300 ml',
    description:
      'Caneca de cerâmica de alta temperatura com faixas pintadas à mão, uma a uma. Capacidade de 300 ml, pode ir ao micro-ondas e à lava-louças. Cada peça tem pequenas variações que a tornam única.',
    price: '54.90',
    old_price: '64.90',
    collection: 'Casa & Decoração',
    art: {
      kind: 'mug',
      pattern: 'band',
      shots: [
        shot('#e98a7a', '#fff4e6', '#ffffff', BG.butter),
        shot('#8fb59a', '#ffffff', '#ffffff', BG.rose),
        shot('#2d4a6b', '#f2c14e', '#f2c14e', BG.peach),
      ],
    },
  },
  {
    title: 'Kit Presente Café Especial',
    description:
      'Caixa presente com caneca de cerâmica de 300 ml, 250 g de café especial torrado em Minas Gerais e cartão com mensagem personalizada. Chega pronta para presentear, com laço de cetim.',
    price: '159.90',
    old_price: '189.90',
    collection: null,
    art: {
      kind: 'gift',
      pattern: 'dots',
      shots: [shot('#c9a27a', '#c0392b', '#b38b62', BG.rose), shot('#1f3a5f', '#f2c14e', '#2c4c75', BG.butter)],
    },
  },
  {
    title: 'Garrafa Térmica Inox 500 ml',
    description:
      'Garrafa de aço inox com parede dupla a vácuo: mantém bebidas geladas por 24 horas e quentes por 12 horas. Tampa com alça e vedação de silicone livre de BPA. Capacidade de 500 ml.',
    price: '119.90',
    old_price: '149.90',
    collection: null,
    art: {
      kind: 'bottle',
      pattern: 'plain',
      shots: [
        shot('#2a8c8c', '#1d4f5c', '#f2c14e', BG.sky),
        shot('#e76f51', '#7a3323', '#fff4e6', BG.sand),
        shot('#8e7cc3', '#3f3270', '#f4eee6', BG.butter),
      ],
    },
  },
  {
    title: 'Caneca Esmaltada Café Coado 350 ml',
    description:
      'Caneca de metal esmaltado no estilo ágata, com borda colorida e pintinhas que lembram o café da fazenda. Leve e resistente, vai bem na cozinha e no acampamento. Capacidade de 350 ml; não usar no micro-ondas.',
    price: '59.90',
    old_price: '74.90',
    collection: null,
    art: {
      kind: 'mug',
      pattern: 'speckles',
      shots: [shot('#f5f3ee', '#1f4e8c', '#1f4e8c', BG.sky), shot('#f5f3ee', '#2f6b4a', '#2f6b4a', BG.sage)],
    },
  },
];
