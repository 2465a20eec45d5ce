import { createTheme } from '@mantine/core';

/** Brand defaults of spec §9: primary #003e64, buttons radius 8 px. */
export const theme = createTheme({
  primaryColor: 'brand',
  colors: {
    brand: ['#e6f1f8', '#cde0ec', '#9bc0d8', '#669fc4', '#3b83b3', '#1f71a8', '#0b66a3', '#00568f', '#003e64', '#00385a'],
  },
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
});
