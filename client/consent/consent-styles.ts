/**
 * The banner's and the preferences panel's CSS, written with their markup (consent-markup.ts) only
 * while a tag is configured, so pages without tags carry none of it. The banner is a fixed bottom
 * bar: it appears over the page without moving anything (no layout shift) and leaves the header's
 * cart button and the Shopify cart free. 'Aceitar' and 'Rejeitar' share one class: same size,
 * weight and colours. Focus rings are visible on the dark bar (white) and on the white panel.
 */
export const CONSENT_CSS = `
.cc{position:fixed;left:0;right:0;bottom:0;z-index:900;max-height:60vh;overflow:auto;box-sizing:border-box;padding:16px;background:#1d2433;color:#fff;box-shadow:0 -4px 16px rgb(0 0 0/25%);font:15px/1.45 Inter,system-ui,sans-serif}
.cc[hidden]{display:none}
.cc-in{display:flex;flex-wrap:wrap;align-items:center;gap:12px 32px;max-width:1200px;margin:0 auto}
.cc-body{flex:1 1 480px}
.cc-title{margin:0 0 4px;font-size:17px;font-weight:700}
.cc-text,.cc-prefs p{margin:0}
.cc-actions{display:grid;grid-template-columns:1fr 1fr;gap:8px;flex:1 1 100%}
.cc-btn,.cc-more{box-sizing:border-box;min-height:44px;min-width:128px;padding:8px 20px;border-radius:8px;font:600 15px/1.2 Inter,system-ui,sans-serif;cursor:pointer}
.cc-btn{border:2px solid #fff;background:#fff;color:#1d2433}
.cc-more{grid-column:1/-1;border:2px solid transparent;background:none;color:inherit;text-decoration:underline}
.cc :focus-visible{outline:3px solid #fff;outline-offset:2px}
.cc-prefs{box-sizing:border-box;width:min(560px,calc(100vw - 24px));max-height:calc(100vh - 24px);padding:24px;border:0;border-radius:12px;background:#fff;color:#1d2433;box-shadow:0 8px 32px rgb(0 0 0/30%);font:15px/1.45 Inter,system-ui,sans-serif}
.cc-prefs::backdrop{background:rgb(0 0 0/40%)}
.cc-prefs .cc-title{padding-right:40px;font-size:20px}
.cc-cat{display:grid;grid-template-columns:24px 1fr;gap:2px 10px;align-items:center;margin-top:16px;padding-top:16px;border-top:1px solid #dde1e6}
.cc-cat input{width:20px;height:20px;margin:0;accent-color:#1d2433}
.cc-cat label{font-weight:700}
.cc-cat p{grid-column:2;color:#4a5361}
.cc-prefs .cc-actions{margin-top:20px}
.cc-prefs .cc-btn{border-color:#1d2433;background:#1d2433;color:#fff}
.cc-prefs .cc-more{border-color:#1d2433;text-decoration:none}
.cc-prefs :focus-visible{outline:3px solid #1d2433;outline-offset:2px}
.cc-close{position:absolute;top:12px;right:12px;width:44px;height:44px;border:0;border-radius:8px;background:none;color:inherit;font-size:28px;line-height:1;cursor:pointer}
.cc-sr{position:absolute;width:1px;height:1px;margin:-1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
@media (min-width:768px){.cc{padding:20px 24px}.cc-actions{flex:0 0 auto;grid-template-columns:repeat(3,auto)}.cc-more{grid-column:auto}.cc-prefs .cc-actions{grid-template-columns:1fr 1fr 1fr}}
`.replace(/\n/g, '');
