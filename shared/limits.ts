/** Business constants and limits of spec §9, one home for each number. */
export const LIMITS = {
  announcementRotationMs: 4000,
  bannerAutoplayMs: 5000,
  cartPollMs: 1500,
  sdkWaitTimeoutMs: 10000,
  /** Product buttons mount when their card comes this close to the viewport. */
  buyButtonMountMarginPx: 300,
  /** Buy button look (spec §9): Montserrat 16 px, radius 8 px; home buttons 44 px high, round one 44x44. */
  buyButtonFontPx: 16,
  buyButtonRadiusPx: 8,
  homeButtonPx: 44,
  homeDesktopButtonMaxPx: 300,
  searchDebounceMs: 300,
  searchMaxResults: 8,
  /** The longest search term (characters): the server refuses more, and the search field takes no more. */
  searchTermMax: 200,
  homeCollectionProducts: 4,
  /**
   * Collections the desktop header's nav links to; past them 'Todas as coleções' opens the menu
   * with every collection, so the header (on every page) does not grow with the catalogue.
   */
  headerNavCollections: 6,
  /**
   * Collection sections the home page carries; the next ones load in pages of this many when the
   * shopper asks ('Ver mais coleções'), so a shop with many collections still sends a bounded page.
   */
  homeSectionsPerPage: 8,
  /** Featured products (no collection) the home shows; the rest are on FEATURED_PATH ('Ver mais'). */
  homeFeaturedProducts: 8,
  /** Collection page: products per 'Ver mais' page, and the most pages one tRPC request asks for. */
  collectionPageSize: 24,
  collectionMaxPages: 50,
  /** The highest page number a collection URL (`pagina`) or cursor names: past the last products anyway. */
  collectionLastPage: 100_000,
  swipeThresholdPx: 50,
  galleryMaxFiles: 10,
  galleryMaxBytes: 5 * 1024 * 1024,
  /** Image types the admin lets through before upload; the server checks the content again (jpeg, png, webp). */
  galleryMimeTypes: ['image/jpeg', 'image/png', 'image/webp'],
  thumbnailSize: { min: 60, max: 150, step: 10, default: 80 },
  shippingMinDays: { min: 1, max: 30, default: 2 },
  shippingMaxDays: { min: 1, max: 60, default: 5 },
  paymentIconSize: { min: 24, max: 80, step: 4, default: 40 },
  productButtonWidth: { min: 40, max: 100, step: 5, default: 100 },
  productButtonHeight: { min: 40, max: 80, step: 4, default: 48 },
  /** Pix and installments (issue 18): percentages with up to 2 decimals; 0% Pix and 1 instalment are off. */
  pixDiscountPercent: { min: 0, max: 50, default: 0 },
  installments: { min: 1, max: 24, default: 1 },
  installmentsInterestRate: { min: 0, max: 10, default: 0 },
  passwordMinLength: 6,
  /** Longest product or collection slug a URL, a query parameter or a procedure may name. */
  slugMaxLength: 300,
  username: { min: 3, max: 50, pattern: /^[A-Za-z0-9_]+$/ },
  reviewsPerProduct: { min: 4, max: 7 },
  sidebarCollapseBreakpointPx: 1024,
  scrolledHeaderThresholdPx: 10,
} as const;
