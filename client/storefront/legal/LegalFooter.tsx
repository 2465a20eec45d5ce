import { Trans } from '@lingui/react/macro';
import { legalView } from '../../../shared/legal-info.ts';
import type { Settings } from '../../../shared/settings.ts';
import classes from './Legal.module.css';

/**
 * The law's information in the footer (Decreto 7.962/2013, art. 2: in a prominent place): name,
 * CNPJ or CPF, address, e-mail and phone, as far as the owner gave them. Full-strength text, not
 * the copyright's dimmed one; shown under an image footer too.
 */
export function LegalFooter({ settings }: { settings: Settings }) {
  const v = legalView(settings);
  if (!v.any) return null;
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
