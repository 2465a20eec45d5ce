/** Share block icons: inline strokes in the storefront's icon style (24-unit grid, 2-unit lines). */
const icon = (children: React.ReactNode) => (
  <svg
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
    aria-hidden="true"
    focusable="false"
  >
    {children}
  </svg>
);

export const LinkIcon = () =>
  icon(
    <>
      <path d="M9 15l6-6" />
      <path d="M11 6l.46-.54a5 5 0 0 1 7.08 7.08L18 13" />
      <path d="M13 18l-.4.53a5.07 5.07 0 0 1-7.12 0 4.97 4.97 0 0 1 0-7.07L6 11" />
    </>,
  );

export const CheckIcon = () => icon(<path d="M5 12l5 5L20 7" />);

export const WhatsAppIcon = () =>
  icon(
    <>
      <path d="M3 21l1.65-3.8a9 9 0 1 1 3.4 2.9L3 21" />
      <path d="M9 10a.5.5 0 0 0 1 0V9a.5.5 0 0 0-1 0v1a5 5 0 0 0 5 5h1a.5.5 0 0 0 0-1h-1a.5.5 0 0 0 0 1" />
    </>,
  );

export const FacebookIcon = () => icon(<path d="M7 10v4h3v7h4v-7h3l1-4h-4V8a1 1 0 0 1 1-1h3V3h-3a5 5 0 0 0-5 5v2H7" />);

export const ShareIcon = () =>
  icon(
    <>
      <circle cx="6" cy="12" r="3" />
      <circle cx="18" cy="6" r="3" />
      <circle cx="18" cy="18" r="3" />
      <path d="M8.7 10.7l6.6-3.4M8.7 13.3l6.6 3.4" />
    </>,
  );
