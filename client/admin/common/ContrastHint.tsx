import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import adminText from './admin-text.module.css';
import { contrastRatio, MIN_TEXT_CONTRAST } from './contrast.ts';

/**
 * A warning under a text/background colour pair whose contrast is below 4.5:1 (only for hex
 * colours; anything else is the owner's free choice and is not judged).
 */
export function ContrastHint({ text, background }: { text: string; background: string }) {
  const ratio = contrastRatio(text, background);
  if (ratio === null || ratio >= MIN_TEXT_CONTRAST) return null;
  const shown = ratio.toFixed(1).replace('.', ',');
  return (
    <Text size="xs" role="status" className={adminText.warning}>
      <Trans>Contraste baixo ({shown}:1): o texto pode ficar difícil de ler. O recomendado é pelo menos 4,5:1.</Trans>
    </Text>
  );
}
