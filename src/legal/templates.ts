import type { LegalPageSlug } from '../../shared/legal-pages.ts';

/**
 * The templates of the legal pages, filled with the shop's data at render (shared/legal-pages.ts).
 * In Portuguese only, whatever the shop's language: they state the shopper's rights under
 * Brazilian law (CDC, Decreto 7.962/2013, LGPD) for a Brazilian shop and its shoppers, and a
 * translation would be a second legal text nobody reviewed. The page titles and the admin around
 * them are translated. A starting point for the owner, not legal advice: the admin says so.
 *
 * Format: '## ' heading, '- ' list item, other lines paragraphs; a line naming a placeholder the
 * owner left empty is left out.
 */
const CONTACT = `## Fale conosco
- {loja}
- {documento}
- Endereço: {endereco}
- E-mail: {email}
- Telefone: {telefone}`;

const RETURNS = `Esta política explica como desistir de uma compra, trocar um produto com defeito e receber o seu dinheiro de volta em {nome_da_loja}.

## Direito de arrependimento: 7 dias
Compras feitas pela internet podem ser canceladas em até 7 (sete) dias corridos, contados do dia em que você recebe o produto, sem precisar dar nenhum motivo (Código de Defesa do Consumidor, art. 49).
Ao desistir dentro desse prazo, você recebe de volta tudo o que pagou, inclusive o frete, com correção monetária (art. 49, parágrafo único). O frete da devolução também fica por nossa conta.

## Como desistir
Avise-nos dentro dos 7 dias pelo mesmo canal em que comprou ou por um dos contatos abaixo, informando o número do pedido:
- E-mail: {email}
- Telefone: {telefone}
Confirmamos imediatamente o recebimento do seu pedido de arrependimento (Decreto 7.962/2013, art. 5º) e enviamos as instruções para a devolução do produto.
Pedimos que o produto volte com seus acessórios e, se possível, na embalagem original. Você pode abrir a embalagem e conferir o produto: isso não tira o seu direito de desistir.

## Reembolso
Devolvemos o valor pelo mesmo meio de pagamento usado na compra. Em compras no cartão de crédito, pedimos à administradora, assim que recebemos o seu aviso, que o valor não seja lançado na fatura ou seja estornado (Decreto 7.962/2013, art. 5º, § 3º). Em compras por Pix ou boleto, devolvemos o valor na conta que você indicar.

## Produto com defeito
Se o produto apresentar defeito, você pode reclamar em até 30 dias (produtos não duráveis) ou 90 dias (produtos duráveis), contados do recebimento ou, no caso de defeito oculto, de quando ele aparecer (Código de Defesa do Consumidor, art. 26).
Resolvemos o problema em até 30 dias. Se não for resolvido nesse prazo, você escolhe entre a troca por outro produto igual, a devolução do valor pago ou um abatimento no preço (art. 18).

## Troca por tamanho, cor ou modelo
Fora dos casos acima, a troca de um produto sem defeito é uma cortesia da loja. Fale conosco para combinar.

${CONTACT}`;

const PRIVACY = `Esta política explica quais dados pessoais {nome_da_loja} trata, para quê, com quem compartilha e como você exerce os seus direitos, conforme a Lei Geral de Proteção de Dados (Lei 13.709/2018, LGPD).

## Quem é o controlador dos seus dados
- Controlador: {loja}
- {documento}
- Endereço: {endereco}
- Contato para assuntos de privacidade (encarregado): {email}

## Que dados coletamos
- Ao navegar: dados técnicos como endereço IP, navegador, data e hora e páginas visitadas, nos registros de acesso do servidor.
- Para mostrar o prazo de entrega: a sua região aproximada (cidade e estado), estimada a partir do endereço IP. Ela não é guardada.
- Ao comprar: nome, CPF, e-mail, telefone, endereço de entrega e dados de pagamento, informados no checkout da Shopify, que processa o pedido e o pagamento. Não recebemos nem guardamos os dados completos do seu cartão.
- Ao falar conosco: o que você nos enviar por e-mail, telefone ou mensagem.

## Para que usamos os dados
- Processar, entregar e dar suporte aos seus pedidos, incluindo trocas e devoluções (execução de contrato, art. 7º, V).
- Cumprir obrigações legais e fiscais, como emitir notas fiscais e guardar registros de acesso (obrigação legal, art. 7º, II).
- Manter a loja segura e prevenir fraudes (legítimo interesse, art. 7º, IX).
- Medir a audiência da loja e mostrar anúncios: somente com o seu consentimento (art. 7º, I).

## Cookies
- Essenciais, sempre ativos: sessão, desbloqueio da loja (quando ela está protegida por senha) e carrinho da Shopify. Sem eles a loja não funciona.
- Análise e publicidade (como Google Analytics, Meta Pixel e TikTok Pixel, quando a loja os usa): só são carregados depois do seu consentimento. Você pode aceitar, rejeitar ou mudar a sua escolha a qualquer momento em "Preferências de cookies", no rodapé da loja.

## Com quem compartilhamos
- Shopify, que processa o checkout e o pagamento; ela pode tratar dados fora do Brasil, com as garantias do art. 33 da LGPD.
- Transportadoras e Correios, para entregar o seu pedido.
- Instituições de pagamento, para processar o pagamento.
- Ferramentas de análise e publicidade, somente com o seu consentimento.
- Autoridades públicas, quando a lei exigir.
Não vendemos os seus dados pessoais.

## Por quanto tempo guardamos
Guardamos os dados pelo tempo necessário às finalidades acima e ao cumprimento de obrigações legais: por exemplo, registros de acesso por 6 meses (Marco Civil da Internet, art. 15) e documentos fiscais pelo prazo da lei tributária. Depois disso, os dados são eliminados ou anonimizados.

## Seus direitos
Você pode, a qualquer momento e de graça (LGPD, art. 18):
- confirmar se tratamos os seus dados e ter acesso a eles;
- corrigir dados incompletos, inexatos ou desatualizados;
- pedir a anonimização, o bloqueio ou a eliminação de dados desnecessários, excessivos ou tratados em desconformidade com a lei;
- pedir a portabilidade dos dados a outro fornecedor;
- pedir a eliminação dos dados tratados com o seu consentimento;
- saber com quem compartilhamos os seus dados;
- saber que pode não consentir, e o que acontece se não consentir;
- revogar o consentimento.
Para exercer qualquer desses direitos, escreva para {email}. Respondemos em até 15 dias (art. 19, II). Você também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).

## Alterações desta política
Podemos atualizar esta política. A versão em vigor está sempre nesta página.`;

const TERMS = `Estes termos valem para o uso da loja online {nome_da_loja} e para as compras feitas nela. Ao usar a loja, você concorda com eles.

## Quem somos
- {loja}
- {documento}
- Endereço: {endereco}
- E-mail: {email}
- Telefone: {telefone}

## Ofertas e preços
Cada página de produto mostra o preço, as formas de pagamento, as condições de parcelamento, o frete e o prazo de entrega antes da compra, e o checkout mostra o valor total do pedido (Decreto 7.962/2013, art. 2º). Os preços estão em reais e valem enquanto a oferta estiver na loja.
Descontos no Pix e parcelamento sem juros valem nas condições mostradas em cada produto.

## Pedidos e pagamento
O pedido e o pagamento são feitos no checkout da Shopify. Confirmamos o recebimento do pedido por e-mail assim que ele é feito (Decreto 7.962/2013, art. 4º). O pedido é enviado depois da confirmação do pagamento.

## Entrega
Os prazos de entrega mostrados na loja são estimativas e contam a partir da confirmação do pagamento. Se houver atraso, avisamos você.

## Trocas, devoluções e arrependimento
Você pode desistir da compra em até 7 dias do recebimento, sem precisar dar motivo (Código de Defesa do Consumidor, art. 49). As regras completas estão na página Trocas e devoluções.

## Privacidade
O tratamento dos seus dados pessoais está descrito na Política de privacidade.

## Propriedade intelectual
Textos, fotos, marcas e o visual da loja pertencem a {loja} ou a seus fornecedores e não podem ser copiados sem autorização.

## Lei aplicável
Estes termos seguem a lei brasileira, em especial o Código de Defesa do Consumidor. Você pode recorrer à Justiça no seu próprio domicílio (CDC, art. 101, I).

${CONTACT}`;

export const LEGAL_TEMPLATES: Record<LegalPageSlug, string> = {
  'trocas-e-devolucoes': RETURNS,
  'politica-de-privacidade': PRIVACY,
  'termos-de-uso': TERMS,
};
