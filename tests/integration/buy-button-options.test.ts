import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messages as en } from '../../client/locales/en.ts';
import { messages as ptBR } from '../../client/locales/pt-BR.ts';
import { sdkMoneyFormat } from '../../client/storefront/shopify/money-format.ts';
import { cartOptions, productOptions } from '../../client/storefront/shopify/sdk-options.ts';
import { sdkTexts } from '../../client/storefront/shopify/sdk-texts.ts';
import { isBuyable, productRef, type ShopSetup, shopKey, shopSetupOf } from '../../client/storefront/shopify/shop-setup.ts';
import { CURRENCY_CODES, formatMoney } from '../../shared/currencies.ts';
import { SETTINGS_DEFAULTS, type Settings } from '../../shared/settings.ts';

/**
 * What the Buy Button is built from: the setup derived from the settings, the SDK options that
 * carry every colour, size, font and text, and the money format, checked against the SDK's own code
 * (@shopify/buy-button-js 3.0.6 src/) so prices in the cart read like the rest of the shop.
 */
type SdkFormatMoney = (amount: string | number, format: string) => string;
type SdkTemplate = new (templates: object, contents: object, order: string[]) => { render(data: object): string };
// Untyped JavaScript of the SDK, loaded by path (the package has no type declarations).
const sdk = async <T>(path: string): Promise<T> =>
  ((await import(/* @vite-ignore */ `@shopify/buy-button-js/src/${path}`)) as { default: T }).default;

const i18n = (locale: 'pt-BR' | 'en') => setupI18n({ locale, messages: { [locale]: locale === 'en' ? en : ptBR } });
const settings = (over: Partial<Settings> = {}): Settings =>
  ({ ...SETTINGS_DEFAULTS, shopify_domain: 'loja.myshopify.com', shopify_token: 'tok', ...over }) as Settings;
const setupFor = (over: Partial<Settings> = {}, locale: 'pt-BR' | 'en' = 'pt-BR') =>
  shopSetupOf(settings(over), sdkTexts(i18n(locale))) as ShopSetup;

describe('money format', () => {
  it('makes the SDK print every currency exactly as the storefront does, never the SDK default (dollar amount)', async () => {
    const sdkFormatMoney = await sdk<SdkFormatMoney>('utils/money.js');
    for (const currency of CURRENCY_CODES) {
      // The SDK decodes the format it is given (component.js moneyFormat()).
      const format = decodeURIComponent(sdkMoneyFormat(currency));
      expect(format).not.toContain('{{amount}}');
      for (const amount of ['49.9', '0', '1234.56', '1000000']) {
        expect(sdkFormatMoney(amount, format)).toBe(formatMoney(amount, currency));
      }
    }
    expect(sdkFormatMoney('49.9', decodeURIComponent(sdkMoneyFormat('BRL')))).toBe('R$ 49,90');
  });
});

describe('shop setup', () => {
  it('exists only with a domain and a token, and products need a usable Shopify id', () => {
    expect(shopSetupOf(settings({ shopify_domain: '' }), sdkTexts(i18n('pt-BR')))).toBeNull();
    expect(shopSetupOf(settings({ shopify_token: ' ' }), sdkTexts(i18n('pt-BR')))).toBeNull();
    expect(productRef('1001')).toEqual({ id: '1001' });
    expect(productRef(' gid://shopify/Product/1001 ')).toEqual({ storefrontId: 'gid://shopify/Product/1001' });
    expect(productRef('')).toBeNull();
    expect(productRef('camiseta-azul')).toBeNull();
    expect(isBuyable(settings(), '1001')).toBe(true);
    expect(isBuyable(settings({ shopify_domain: '' }), '1001')).toBe(false);
  });

  it('keeps colours that are colours; anything else, or default, takes the spec default', () => {
    const s = setupFor({ shopify_product_bg_color: 'red;} body{display:none', shopify_toggle_bg_color: 'rgb(1, 2, 3)' });
    expect(s.colors.product.bg).toBe('#C8461A');
    expect(s.colors.toggle.bg).toBe('rgb(1, 2, 3)');
    expect(s.colors.cart).toEqual({ bg: '#FFFFFF', fg: '#000000' });
  });

  it('changes identity with any setting it is built from (so the cart widget is recreated)', () => {
    const base = shopKey(setupFor());
    expect(shopKey(setupFor())).toBe(base);
    for (const over of [
      { shopify_domain: 'outra.myshopify.com' },
      { shopify_token: 'x' },
      { locale: 'en' as const },
      { currency: 'USD' },
    ]) {
      expect(shopKey(setupFor(over))).not.toBe(base);
    }
    expect(shopKey(setupFor({}, 'en'))).not.toBe(base);
    expect(shopKey(setupFor({ shopify_cart_bg_color: '#fafafa' }))).not.toBe(base);
    expect(setupFor({ header_show_cart: false }).floatingToggle).toBe(true);
    expect(setupFor().floatingToggle).toBe(false);
  });
});

describe('SDK options', () => {
  const colours: Partial<Settings> = {
    shopify_button_color: '#101010',
    shopify_button_text_color: '#202020',
    shopify_toggle_bg_color: '#303030',
    shopify_toggle_text_color: '#404040',
    shopify_cart_bg_color: '#505050',
    shopify_cart_text_color: '#606060',
    shopify_home_mobile_bg_color: '#707070',
    shopify_home_mobile_text_color: '#808080',
    shopify_home_desktop_bg_color: '#909090',
    shopify_home_desktop_text_color: '#a0a0a0',
    shopify_product_bg_color: '#b0b0b0',
    shopify_product_text_color: '#c0c0c0',
    shopify_checkout_bg_color: '#d0d0d0',
    shopify_checkout_text_color: '#e0e0e0',
    product_button_height_px: 56,
  };
  const setup = setupFor(colours);
  const json = (o: object) => JSON.stringify(o);

  it('gives each button its own colours, Montserrat 16 px and radius 8 px', () => {
    const cases = [
      ['add', '#b0b0b0', '#c0c0c0', '56px'],
      ['buyNow', '#101010', '#202020', '56px'],
      ['homeMobile', '#707070', '#808080', '44px'],
      ['homeDesktop', '#909090', '#a0a0a0', '44px'],
    ] as const;
    for (const [variant, bg, fg, height] of cases) {
      const { product } = productOptions(setup, variant, false) as { product: { styles: { button: Record<string, unknown> } } };
      expect(product.styles.button).toMatchObject({ 'background-color': bg, color: fg, height, 'font-size': '16px' });
      expect(product.styles.button['font-family']).toMatch(/^Montserrat,/);
      expect(product.styles.button['border-radius']).toBe(variant === 'homeMobile' ? '50%' : '8px');
    }
  });

  it('sends buy now to checkout, carries the popup choice, and names the buttons in the locale', () => {
    const buy = productOptions(setup, 'buyNow', true) as { product: { buttonDestination: string; text: { button: string } }; cart: object };
    expect(buy.product.buttonDestination).toBe('checkout');
    expect(buy.product.text.button).toBe('Comprar Agora');
    expect(buy.cart).toEqual({ popup: true });
    const add = productOptions(setupFor({}, 'en'), 'add', false) as { product: { buttonDestination: string; text: { button: string } } };
    expect(add.product).toMatchObject({ buttonDestination: 'cart', text: { button: 'Add to Cart' } });
  });

  it('styles the cart with the cart, checkout and toggle colours, in the spec texts per locale', () => {
    const options = cartOptions(setup, false);
    for (const c of ['#505050', '#606060', '#d0d0d0', '#e0e0e0', '#303030', '#404040']) expect(json(options)).toContain(c);
    const text = (locale: 'pt-BR' | 'en') => (cartOptions(setupFor({}, locale), false) as { cart: { text: object } }).cart.text;
    expect(text('en')).toMatchObject({
      title: 'Cart',
      total: 'Subtotal',
      button: 'Checkout',
      notice: 'Shipping and discount codes are added at checkout.',
      empty: 'Your cart is empty.',
    });
    expect(text('pt-BR')).toMatchObject({ title: 'Carrinho', button: 'Finalizar Compra', empty: 'Seu carrinho está vazio.' });
  });

  it("draws a cart line without an image from our own placeholder, not Shopify's CDN", async () => {
    const Template = await sdk<SdkTemplate>('template.js');
    const { lineItem } = cartOptions(setup, false) as { lineItem: { templates: { image: string } } };
    const render = (variant: object) =>
      new Template(lineItem.templates, { image: true }, ['image']).render({
        data: { variant, lineItemImage: 'https://loja.myshopify.com/cdn/a_180x180.png', classes: { lineItem: { image: 'img' } } },
      });
    // Mustache escapes '/' as &#x2F; (an attribute decodes it back), as in the SDK's own template.
    const decode = (html: string) => html.replaceAll('&#x2F;', '/');
    expect(decode(render({ image: { src: 'x' } }))).toContain('url(https://loja.myshopify.com/cdn/a_180x180.png)');
    expect(decode(render({ image: null }))).toContain('url(/placeholder.svg)');
    expect(render({ image: null })).not.toContain('shopify');
  });
});
