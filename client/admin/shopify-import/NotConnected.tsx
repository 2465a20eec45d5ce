import { Trans } from '@lingui/react/macro';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** Why the shop's products are not shown: no domain or token yet, and where to set them. */
export function NotConnected() {
  return (
    <Alert color="yellow" role="status" title={<Trans>Nenhuma loja Shopify conectada</Trans>}>
      <Trans>
        Informe o domínio da loja e o token da Storefront API em{' '}
        <Anchor component={Link} to="/admin/shopify">
          Shopify
        </Anchor>{' '}
        para ver e importar os produtos dela. O token precisa das permissões de leitura de produtos.
      </Trans>
    </Alert>
  );
}
