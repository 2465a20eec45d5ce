import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { Locale } from '../../shared/locales.ts';
import {
  type ConsentCategory,
  type ConsentTag,
  configuredTags,
  TAG_KEYS,
  TAG_RULES,
  TAG_SCRIPT,
  type TagIds,
} from '../../shared/tracking-tags.ts';
import { i18nByLocale } from '../i18n-catalogs.ts';
import { CONSENT_IDS, CONSENT_REVEAL_SCRIPT } from './consent-keys.ts';
import { CONSENT_CSS } from './consent-styles.ts';

/**
 * The cookie banner and the preferences panel (issue 18, part 4), as server-rendered HTML outside
 * the React root, written only while the owner has set an analytics or ads tag: with none, the shop
 * sets only cookies it needs (admin session, store unlock) and the Shopify cart's storage, which
 * need no consent (LGPD art. 7; ANPD cookie guide, 2022), so nothing is asked. Both start hidden
 * or closed; a line of inline script shows the banner at once while no choice is stored
 * (consent-keys.ts), and client/consent/consent.ts decides from the stored choice and loads the
 * tags of the accepted categories. The texts are in the server-only catalog (client/locales/server-only/),
 * rendered on the server only: the storefront's JavaScript does not grow with them.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);

const INTRO: Record<'analytics' | 'marketing' | 'both', MessageDescriptor> = {
  analytics: msg`Usamos cookies necessários para a loja funcionar e, com a sua permissão, cookies de análise para medir visitas.`,
  marketing: msg`Usamos cookies necessários para a loja funcionar e, com a sua permissão, cookies de marketing para medir anúncios.`,
  both: msg`Usamos cookies necessários para a loja funcionar e, com a sua permissão, cookies de análise e de marketing para medir visitas e anúncios.`,
};

function category(i18n: I18n, name: ConsentCategory, tools: string[], first: boolean): string {
  const list = tools.join(', ');
  const label = name === 'analytics' ? i18n._(msg`Análise`) : i18n._(msg`Marketing`);
  const text =
    name === 'analytics'
      ? i18n._(msg`Contam visitas e páginas vistas para melhorar a loja (${list}).`)
      : i18n._(msg`Medem o resultado de anúncios nas redes sociais (${list}).`);
  const id = `cc-${name}`;
  return `<div class="cc-cat"><input type="checkbox" id="${id}" name="${name}"${first ? ' autofocus' : ''} aria-describedby="${id}-d"><label for="${id}">${esc(label)}</label><p id="${id}-d">${esc(text)}</p></div>`;
}

/** The banner, the preferences panel and their styles for the configured tags; '' when there is none. */
export function consentMarkup(locale: Locale, ids: Partial<TagIds>): string {
  const tags = configuredTags(ids);
  const keys = TAG_KEYS.filter((k) => tags[k]);
  if (keys.length === 0) return '';
  const i18n = i18nByLocale[locale] ?? i18nByLocale['pt-BR'];
  const t = (d: MessageDescriptor) => esc(i18n._(d));
  const tools = (c: ConsentCategory) => keys.filter((k) => TAG_RULES[k].category === c).map((k) => TAG_RULES[k].name);
  const analytics = tools('analytics');
  const marketing = tools('marketing');
  const intro = INTRO[analytics.length && marketing.length ? 'both' : analytics.length ? 'analytics' : 'marketing'];
  // What consent.ts may load, by category, once accepted (it imports nothing: the script stays one small file).
  const list: ConsentTag[] = keys.map((key) => {
    const id = tags[key] ?? '';
    return { key, id, category: TAG_RULES[key].category, src: TAG_SCRIPT[key](id) };
  });
  const data = ` data-tags="${esc(JSON.stringify(list))}"`;
  const accept = `<button type="button" class="cc-btn" data-cc="accept">${t(msg`Aceitar`)}</button>`;
  const reject = `<button type="button" class="cc-btn" data-cc="reject">${t(msg`Rejeitar`)}</button>`;
  const { banner, preferences } = CONSENT_IDS;
  return [
    `<style>${CONSENT_CSS}</style>`,
    `<section id="${banner}" class="cc" aria-labelledby="cc-title" aria-describedby="cc-text"${data} hidden>`,
    `<div class="cc-in"><div class="cc-body"><h2 id="cc-title" class="cc-title">${t(msg`Privacidade e cookies`)}</h2>`,
    `<p id="cc-text" class="cc-text">${t(intro)} ${t(msg`Mude a sua escolha quando quiser em 'Preferências de cookies', no rodapé.`)}</p></div>`,
    `<div class="cc-actions">${accept}${reject}<button type="button" class="cc-more" popovertarget="${preferences}">${t(msg`Preferências`)}</button></div></div></section>`,
    `<script>${CONSENT_REVEAL_SCRIPT}</script>`,
    `<div id="${preferences}" class="cc-prefs" popover role="dialog" aria-labelledby="cc-prefs-title">`,
    `<h2 id="cc-prefs-title" class="cc-title">${t(msg`Preferências de cookies`)}</h2>`,
    `<p>${t(msg`Escolha quais cookies a loja pode usar. Você pode mudar isso a qualquer momento.`)}</p>`,
    `<div class="cc-cat"><input type="checkbox" id="cc-necessary" checked disabled aria-describedby="cc-necessary-d"><label for="cc-necessary">${t(msg`Necessários (sempre ativos)`)}</label>`,
    `<p id="cc-necessary-d">${t(msg`Guardam o seu carrinho da Shopify, a sessão do painel da loja e o acesso a uma loja protegida por senha. Sem eles a loja não funciona.`)}</p></div>`,
    analytics.length ? category(i18n, 'analytics', analytics, true) : '',
    marketing.length ? category(i18n, 'marketing', marketing, !analytics.length) : '',
    `<div class="cc-actions">${accept}${reject}<button type="button" class="cc-more" data-cc="save">${t(msg`Salvar escolha`)}</button></div>`,
    `<button type="button" class="cc-close" popovertarget="${preferences}" popovertargetaction="hide" aria-label="${t(msg`Fechar`)}">×</button></div>`,
    `<p id="cc-status" class="cc-sr" role="status" data-saved="${t(msg`Sua escolha de cookies foi salva.`)}"></p>`,
  ].join('');
}
