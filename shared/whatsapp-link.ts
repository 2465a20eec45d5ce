/**
 * WhatsApp's click-to-chat links (issue 18): `https://wa.me/<digits>?text=<message>`. Pure and
 * tiny: the storefront bundle imports it.
 */

/**
 * The link for an E.164 number ('+5511987654321') and a prefilled message. The message is sent as
 * UTF-8 percent-encoding (encodeURIComponent): accents, emoji, '&', '#', '+', '?' and line breaks
 * all reach WhatsApp as typed; line breaks are normalised to '\n', and a broken surrogate (never
 * valid UTF-8) becomes U+FFFD instead of throwing. No message, no `text` parameter.
 */
export function whatsappLink(number: string, message = ''): string {
  const text = message.replace(/\r\n?/g, '\n').trim();
  const query = text ? `?text=${encodeURIComponent(text.toWellFormed())}` : '';
  return `https://wa.me/${number.replace(/\D/g, '')}${query}`;
}
