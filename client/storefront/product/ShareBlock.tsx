import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import type { ProductDto } from '../../../shared/catalog.ts';
import { whatsappLink } from '../../../shared/whatsapp-link.ts';
import { useProductUrl } from './product-url.ts';
import classes from './ShareBlock.module.css';
import { CheckIcon, FacebookIcon, LinkIcon, ShareIcon, WhatsAppIcon } from './ShareIcons.tsx';

type CopyState = 'idle' | 'copied' | 'failed';

/** Writes text to the clipboard; the older selection-based copy where the Clipboard API is missing. */
async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const field = document.createElement('textarea');
  field.value = text;
  field.setAttribute('readonly', '');
  field.style.position = 'fixed';
  field.style.opacity = '0';
  document.body.append(field);
  field.select();
  const ok = document.execCommand('copy');
  field.remove();
  if (!ok) throw new Error('copy refused');
}

/**
 * Product page share block (spec §2): copy link, WhatsApp, Facebook, and the system share sheet
 * where the browser has one. WhatsApp and Facebook are plain links, so they work without script.
 */
export function ShareBlock({ product }: { product: ProductDto }) {
  const { t } = useLingui();
  const url = useProductUrl(product.slug);
  const [copy, setCopy] = useState<CopyState>('idle');
  // Known only in the browser, after hydration, so the server's markup and the first render agree.
  const [canShare, setCanShare] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    setCanShare(typeof navigator.share === 'function');
    return () => clearTimeout(timer.current);
  }, []);

  const onCopy = () => {
    copyText(url).then(
      () => setCopy('copied'),
      () => setCopy('failed'),
    );
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopy('idle'), 4000);
  };
  const onShare = () => {
    // A dismissed sheet rejects with AbortError: nothing to report.
    navigator.share({ title: product.title, url }).catch(() => {});
  };
  const whatsapp = whatsappLink('', `${product.title} ${url}`);
  const facebook = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;

  return (
    <section className={classes.block} aria-labelledby="share-title">
      <h2 id="share-title" className={classes.title}>
        {t`Compartilhar`}
      </h2>
      <div className={classes.row}>
        <button type="button" className={classes.action} onClick={onCopy} aria-label={t`Copiar link`} title={t`Copiar link`}>
          {copy === 'copied' ? <CheckIcon /> : <LinkIcon />}
        </button>
        <a
          className={classes.action}
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`Compartilhar no WhatsApp`}
          title={t`Compartilhar no WhatsApp`}
        >
          <WhatsAppIcon />
        </a>
        <a
          className={classes.action}
          href={facebook}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t`Compartilhar no Facebook`}
          title={t`Compartilhar no Facebook`}
        >
          <FacebookIcon />
        </a>
        {canShare && (
          <button
            type="button"
            className={classes.action}
            onClick={onShare}
            aria-label={t`Mais opções de compartilhamento`}
            title={t`Mais opções de compartilhamento`}
          >
            <ShareIcon />
          </button>
        )}
        <span className={copy === 'failed' ? `${classes.status} ${classes.failed}` : classes.status} role="status">
          {copy === 'copied' ? t`Link copiado!` : copy === 'failed' ? t`Não foi possível copiar o link` : ''}
        </span>
      </div>
    </section>
  );
}
