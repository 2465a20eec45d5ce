/**
 * The few parts of Shopify's Buy Button SDK (@shopify/buy-button-js 3.0.6, `window.ShopifyBuy`)
 * this shop uses. The package ships no types; these follow its source (src/ui.js, component.js,
 * components/cart.js, components/toggle.js).
 */
export type SdkIframe = { el: HTMLIFrameElement; document: Document | undefined };

export type SdkComponent = {
  node: HTMLElement;
  view: { iframe: SdkIframe | null; document: Document };
  destroy(): void;
};

export type SdkLineItem = { quantity: number };

export type SdkToggle = SdkComponent & { readonly count: number };

export type SdkCart = SdkComponent & {
  model: { lineItems: SdkLineItem[]; webUrl: string } | null;
  isVisible: boolean;
  toggles: SdkToggle[];
  open(): void;
  close(): void;
};

export type SdkUi = {
  components: { product: SdkComponent[]; cart: SdkCart[] };
  /** Resolves undefined (and logs with console.error) when the component fails to initialise. */
  createComponent(type: 'product' | 'cart', config: object): Promise<SdkComponent | undefined>;
  closeCart(): void;
  /** The element focus returns to when the cart closes. */
  setActiveEl(el: HTMLElement): void;
};

export type SdkClient = { config: { domain: string; storefrontAccessToken: string } };

export type ShopifyBuyGlobal = {
  buildClient(config: { domain: string; storefrontAccessToken: string; language?: string }): SdkClient;
  UI: { init(client: SdkClient): SdkUi; domains: Record<string, SdkUi> };
};

declare global {
  interface Window {
    ShopifyBuy?: ShopifyBuyGlobal;
  }
}
