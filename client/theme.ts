import { type CSSVariablesResolver, createTheme, defaultVariantColorsResolver, rem, type VariantColorsResolver } from '@mantine/core';

const brand = ['#e6f1f8', '#cde0ec', '#9bc0d8', '#669fc4', '#3b83b3', '#1f71a8', '#0b66a3', '#00568f', '#003e64', '#00385a'] as const;

/**
 * The "selected" look (active sidebar item, light buttons and badges, the chosen language or
 * currency card). Mantine's dark default is navy on dark grey (about 1.2:1: the selection cannot be
 * seen); here it is light blue with navy text in dark (8:1 against the page, 6.4:1 for the text)
 * and pale blue with navy text in light.
 */
const SELECTED = {
  light: { bg: brand[1], hover: brand[2], color: brand[9] },
  dark: { bg: brand[2], hover: brand[1], color: brand[9] },
};

/** `--admin-selected-*` per scheme, plus dimmed, placeholder, link and brand-coloured text that keep 4.5:1 in both schemes. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--admin-selected-bg': SELECTED.light.bg,
    '--admin-selected-hover': SELECTED.light.hover,
    '--admin-selected-color': SELECTED.light.color,
    // Mantine's gray-6 / gray-5 give 3.3:1 and 2.2:1 on white; gray-7 gives 8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  },
  dark: {
    '--admin-selected-bg': SELECTED.dark.bg,
    '--admin-selected-hover': SELECTED.dark.hover,
    '--admin-selected-color': SELECTED.dark.color,
    // Mantine's dark defaults (brand-4) give 3.7:1 on dark grey; brand-2 gives 8:1.
    '--mantine-color-anchor': brand[2],
    '--mantine-color-brand-text': brand[2],
    // dark-2 / dark-3 give 4:1 and 2.8:1 on dark grey; dark-1 gives 7.8:1.
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-placeholder': 'var(--mantine-color-dark-1)',
  },
});

/** The brand's light variant uses the selected look in both schemes; everything else is Mantine's. */
const variantColorResolver: VariantColorsResolver = (input) => {
  const isBrand = !input.color || input.color === 'brand';
  if (input.variant === 'light' && isBrand) {
    return {
      background: 'var(--admin-selected-bg)',
      hover: 'var(--admin-selected-hover)',
      color: 'var(--admin-selected-color)',
      border: `${rem(1)} solid transparent`,
    };
  }
  return defaultVariantColorsResolver(input);
};

/**
 * Brand defaults of spec §9: primary #003e64, buttons radius 8 px. Filled brand buttons use shade
 * 8 in light and shade 6 in dark (white text 6.1:1, and distinct from the dark page).
 */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: { brand: [...brand] },
  primaryShade: { light: 8, dark: 6 },
  defaultRadius: 'md',
  fontFamily: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  variantColorResolver,
  components: {
    // NavLink's active colours come from CSS variables, not the resolver: point them at the same look.
    NavLink: {
      vars: () => ({
        root: {
          '--nl-bg': 'var(--admin-selected-bg)',
          '--nl-hover': 'var(--admin-selected-hover)',
          '--nl-color': 'var(--admin-selected-color)',
        },
      }),
    },
  },
});
