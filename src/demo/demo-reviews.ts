/** Made-up customer reviews for the demo products, the same on every run (seeded, no Math.random). */
import { LIMITS } from '../../shared/limits.ts';
import { type ArtKind, seeded } from './art-kit.ts';

export type DemoReview = { reviewer_name: string; reviewer_city: string; rating: number; review_text: string };

const NAMES = [
  'Ana Paula S.',
  'Marcos V.',
  'Juliana R.',
  'Fernanda L.',
  'Rafael M.',
  'Camila O.',
  'Lucas A.',
  'Beatriz C.',
  'Thiago F.',
  'Larissa G.',
  'Gustavo P.',
  'Patrícia N.',
  'Bruno T.',
  'Mariana B.',
  'Rodrigo D.',
  'Aline K.',
  'Felipe H.',
  'Vanessa Q.',
  'Diego E.',
  'Tatiane M.',
  'Leonardo S.',
  'Priscila A.',
  'João Pedro L.',
  'Renata C.',
  'Matheus R.',
  'Carla V.',
  'André F.',
  'Débora P.',
  'Vinícius O.',
  'Simone G.',
];

const CITIES = [
  'São Paulo - SP',
  'Rio de Janeiro - RJ',
  'Belo Horizonte - MG',
  'Recife - PE',
  'Salvador - BA',
  'Curitiba - PR',
  'Porto Alegre - RS',
  'Fortaleza - CE',
  'Goiânia - GO',
  'Brasília - DF',
  'Florianópolis - SC',
  'Manaus - AM',
  'Belém - PA',
  'Campinas - SP',
  'Vitória - ES',
  'Natal - RN',
  'João Pessoa - PB',
  'Uberlândia - MG',
];

const BY_RATING: Record<3 | 4 | 5, string[]> = {
  5: [
    'Amei! Qualidade excelente e chegou antes do prazo.',
    'Produto lindo, igualzinho às fotos. Já quero comprar outro.',
    'Acabamento impecável, dá para ver o cuidado em cada detalhe.',
    'Comprei para presentear e fez o maior sucesso.',
    'Entrega rápida e embalagem caprichada. Recomendo demais!',
    'Superou minhas expectativas, vale cada centavo.',
    'Terceira compra na loja e nunca me decepcionei.',
    'Atendimento nota 10 e produto de ótima qualidade.',
  ],
  4: [
    'Muito bom, só demorou um pouquinho para chegar.',
    'Gostei bastante, a cor é um pouco mais clara que na foto.',
    'Boa qualidade pelo preço. Compraria de novo.',
    'Produto bonito e bem feito, recomendo.',
    'Chegou certinho e bem embalado, tudo conforme o anúncio.',
    'Ótimo custo-benefício, atendeu o que eu precisava.',
  ],
  3: [
    'Produto ok, mas esperava um acabamento um pouco melhor.',
    'É bonito, porém a entrega atrasou alguns dias.',
    'Cumpre o que promete, nada de extraordinário.',
  ],
};

/** A few comments that only make sense for one kind of product, mixed in with the 4 and 5 stars. */
const BY_TOPIC: Record<'wear' | 'home' | 'carry', string[]> = {
  wear: [
    'Tecido de ótima qualidade e o tamanho ficou perfeito.',
    'Já lavei várias vezes e não desbotou nada.',
    'Caimento lindo, vou comprar em outras cores.',
  ],
  home: [
    'Deixou o cantinho da sala muito mais bonito.',
    'Combinou certinho com a decoração da minha casa.',
    'Peça delicada e bem acabada, chegou sem nenhum defeito.',
  ],
  carry: ['Uso todos os dias, muito prático.', 'Resistente e bonito, superou o que eu esperava.', 'Dei de presente e a pessoa amou.'],
};

const TOPIC: Record<ArtKind, keyof typeof BY_TOPIC> = {
  tshirt: 'wear',
  'tshirt-v': 'wear',
  cap: 'wear',
  mug: 'home',
  cushion: 'home',
  plant: 'home',
  tote: 'carry',
  bottle: 'carry',
  gift: 'carry',
};

/** Takes a random element out of `list` (so nothing repeats within one product). */
function take<T>(list: T[], rand: () => number): T {
  return list.splice(Math.floor(rand() * list.length), 1)[0] as T;
}

/** 4 to 7 reviews for the product at `index`: mostly 5 and 4 stars, now and then a 3. */
export function demoReviews(index: number, kind: ArtKind): DemoReview[] {
  const rand = seeded(7919 * (index + 1));
  const { min, max } = LIMITS.reviewsPerProduct;
  const count = min + Math.floor(rand() * (max - min + 1));
  const names = [...NAMES];
  const texts = { 5: [...BY_RATING[5], ...BY_TOPIC[TOPIC[kind]]], 4: [...BY_RATING[4], ...BY_TOPIC[TOPIC[kind]]], 3: [...BY_RATING[3]] };
  const reviews: DemoReview[] = [];
  for (let i = 0; i < count; i++) {
    const r = rand();
    let rating: 3 | 4 | 5 = r < 0.58 ? 5 : r < 0.88 ? 4 : 3;
    if (texts[rating].length === 0) rating = 4;
    const text = take(texts[rating], rand);
    // The topic lines sit in both the 4 and 5 star lists; drop the copy so it cannot come twice.
    for (const k of [4, 5] as const) texts[k] = texts[k].filter((t) => t !== text);
    reviews.push({
      reviewer_name: take(names, rand),
      reviewer_city: CITIES[Math.floor(rand() * CITIES.length)] as string,
      rating,
      review_text: text,
    });
  }
  return reviews;
}
