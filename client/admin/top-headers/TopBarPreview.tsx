import { Box } from '@mantine/core';

/** The announcement bar as the storefront draws it (client/storefront/layout/TopBar.module.css). */
export function TopBarPreview({ text, bg, color, label }: { text: string; bg: string; color: string; label?: string }) {
  return (
    <Box
      role={label ? 'img' : undefined}
      aria-label={label}
      style={{
        background: bg,
        color,
        minHeight: 36,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: '6px 16px',
        fontSize: '0.85rem',
        fontWeight: 500,
        textAlign: 'center',
        borderRadius: 'var(--mantine-radius-sm)',
        overflowWrap: 'anywhere',
      }}
    >
      {text}
    </Box>
  );
}
