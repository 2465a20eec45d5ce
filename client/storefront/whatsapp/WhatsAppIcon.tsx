/** WhatsApp's mark, simplified: a speech bubble with a handset (decorative; the link has the name). */
export const WhatsAppIcon = ({ size = 24 }: { size?: number }) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
    <path d="M12 2.5a9.5 9.5 0 0 0-8.2 14.3L2.5 21.5l4.8-1.3A9.5 9.5 0 1 0 12 2.5z" fill="none" stroke="currentColor" strokeWidth="1.8" />
    <path
      d="M8.6 7.3c.3-.5.6-.5.9-.5h.5c.2 0 .4 0 .6.5l.8 1.9c.1.2.1.4 0 .6l-.6.8c-.1.2-.1.4 0 .6.6 1 1.4 1.8 2.4 2.4.2.1.4.1.6 0l.8-.6c.2-.1.4-.1.6 0l1.9.8c.4.2.5.4.5.6v.5c0 .3-.1.7-.6 1-.6.4-1.5.7-2.6.4-1.7-.5-3.7-2.1-4.9-4-.9-1.5-1.1-2.7-.9-3.4z"
      fill="currentColor"
    />
  </svg>
);
