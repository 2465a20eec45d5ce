import { Trans } from '@lingui/react/macro';
import type { LegalFooterDto } from '../../../shared/content.ts';
import classes from './Legal.module.css';

/**
 * The law's information in the footer (Decreto 7.962/2013, art. 2: in a prominent place): name,
 * CNPJ or CPF, address, e-mail and phone, as far as the owner gave them. Full-strength text, not
 * the copyright's dimmed one; shown under an image footer too. Formatted by the server (the layout's `legal`).
 */
export function LegalFooter({ legal: v }: { legal: LegalFooterDto | null }) {
  if (!v) return null;
  return (
    <address className={classes.footer} data-testid="legal-info">
      <span>
        <strong>{v.name}</strong>
        {v.taxId && <> · {v.taxId}</>}
      </span>
      {v.address && <span>{v.address}</span>}
      {(v.email || v.phone) && (
        <span>
          {v.email && (
            <>
              <Trans>E-mail:</Trans> <a href={`mailto:${v.email}`}>{v.email}</a>
            </>
          )}
          {v.email && v.phone && ' · '}
          {v.phone && (
            <>
              <Trans>Telefone:</Trans> <a href={`tel:${v.phoneDial}`}>{v.phone}</a>
            </>
          )}
        </span>
      )}
    </address>
  );
}
