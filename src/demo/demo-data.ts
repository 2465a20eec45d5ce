/** The demo catalogue: collections and products with their drawings (pictures are made in code). */
import { BG, shot } from './art-kit.ts';
import { HOME_PRODUCTS } from './demo-data-home.ts';
import type { ProductArt } from './demo-images.ts';

export type DemoCollection = { name: string };
export type DemoProduct = {
  title: string;
  description: string;
  price: string;
  old_price: string | null;
  /** Name of a DEMO_COLLECTIONS entry; null puts the product among the home's featured products. */
  collection: string | null;
  art: ProductArt;
};

export const DEMO_COLLECTIONS: DemoCollection[] = [{ name: 'Camisetas' }, { name: 'Acessórios' }, { name: 'Casa & Decoração' }];

/** Camisetas and Acessórios. */
const WEAR: DemoProduct[] = [
  {
    title: 'Camiseta Básica Algodão Orgânico',
    description:
      'Camiseta de malha 100% algodão orgânico, fio 30.1 penteado, com toque macio e caimento reto. A gola careca tem ribana reforçada que não deforma nas lavagens. Gramatura de 160 g/m², tamanhos do P ao GG.',
    price: '79.90',
    old_price: '99.90',
    collection: 'Camisetas',
    art: {
      kind: 'tshirt',
      pattern: 'plain',
      shots: [
        shot('#1f3a5f', '#1f3a5f', '#e9e4d8', BG.peach),
        shot('#f4f1ea', '#f4f1ea', '#d9d2c3', BG.sky),
        shot('#e0a526', '#e0a526', '#f6e3b0', BG.lilac),
      ],
    },
  },
  {
    title: 'Camiseta Listrada Marinheira',
    description:
      'Listras clássicas de inspiração náutica em malha de algodão com toque de seda. Modelagem regular, barra reta e costura dupla nos ombros para durar mais. Composição: 96% algodão e 4% elastano.',
    price: '89.90',
    old_price: '119.90',
    collection: 'Camisetas',
    art: {
      kind: 'tshirt',
      pattern: 'stripes',
      shots: [
        shot('#f7f4ee', '#1f3a5f', '#1f3a5f', BG.sky),
        shot('#f7f4ee', '#c0392b', '#c0392b', BG.peach),
        shot('#f7f4ee', '#1f3a5f', '#1f3a5f', BG.sky, { x: 420, y: 330 }),
      ],
    },
  },
  {
    title: 'Camiseta Estampa Folhagem',
    description:
      'Estampa exclusiva de folhagens feita em silk à base d’água, que não racha e não sai na lavagem. Malha 100% algodão penteado, gola careca e caimento levemente solto.',
    price: '94.90',
    old_price: null,
    collection: 'Camisetas',
    art: {
      kind: 'tshirt',
      pattern: 'print',
      shots: [
        shot('#9cb59a', '#f4e3c1', '#2f6b4a', BG.sand),
        shot('#3b3b3b', '#f4e3c1', '#5a9c6e', BG.sage),
        shot('#9cb59a', '#f4e3c1', '#2f6b4a', BG.sand, { x: 400, y: 410 }),
      ],
    },
  },
  {
    title: 'Camiseta Oversized Terracota',
    description:
      'Modelagem ampla com ombro caído e bolso no peito, perfeita para looks despojados. Malha encorpada de 200 g/m², 100% algodão, com amaciamento enzimático e cor que não desbota.',
    price: '99.90',
    old_price: '129.90',
    collection: 'Camisetas',
    art: {
      kind: 'tshirt',
      pattern: 'pocket',
      shots: [shot('#c8643b', '#c8643b', '#a94f2b', BG.peach), shot('#6b7a45', '#6b7a45', '#55623a', BG.sand)],
    },
  },
  {
    title: 'Camiseta Gola V Linho',
    description:
      'Camiseta leve de linho com viscose, ideal para os dias quentes. Gola V com acabamento em viés, tecido respirável e caimento fluido. Lavar à mão ou no ciclo delicado.',
    price: '129.90',
    old_price: '149.90',
    collection: 'Camisetas',
    art: {
      kind: 'tshirt-v',
      pattern: 'plain',
      shots: [
        shot('#d8c3a5', '#d8c3a5', '#c4ab88', BG.sage),
        shot('#f4f1ea', '#f4f1ea', '#ddd5c5', BG.rose),
        shot('#8fb3d9', '#8fb3d9', '#7399c2', BG.butter),
      ],
    },
  },
  {
    title: 'Boné Aba Curva Sarja',
    description:
      'Boné de sarja 100% algodão com aba curva e frente estruturada. Fecho regulável em metal na parte de trás e ilhoses bordados para ventilação. Tamanho único, de 54 a 60 cm.',
    price: '69.90',
    old_price: '89.90',
    collection: 'Acessórios',
    art: {
      kind: 'cap',
      pattern: 'plain',
      shots: [shot('#5b6b3c', '#efe6d2', '#5b6b3c', BG.sand), shot('#1f3a5f', '#e9e4d8', '#1f3a5f', BG.sky)],
    },
  },
  {
    title: 'Ecobag de Lona Feira Livre',
    description:
      'Sacola de lona crua resistente, com alças longas para levar no ombro e estampa de laranja em serigrafia. Aguenta até 10 kg e dobra fácil dentro da bolsa. Medidas: 40 x 38 cm.',
    price: '49.90',
    old_price: null,
    collection: 'Acessórios',
    art: {
      kind: 'tote',
      pattern: 'print',
      shots: [
        shot('#ece0c8', '#f08a3c', '#4f8a4b', BG.sage),
        shot('#2e2e2e', '#f08a3c', '#6fae7c', BG.peach),
        shot('#ece0c8', '#f08a3c', '#4f8a4b', BG.sage, { x: 400, y: 500 }),
      ],
    },
  },
];

/** Every demo product; the order also seeds each one's reviews. */
export const DEMO_PRODUCTS: DemoProduct[] = [...WEAR, ...HOME_PRODUCTS];
