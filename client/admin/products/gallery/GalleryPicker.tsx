import { Trans, useLingui } from '@lingui/react/macro';
import { Button, FileButton, Progress, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { LIMITS } from '../../../../shared/limits.ts';
import { IconUpload } from '../../common/icons.tsx';
import { IMAGE_ACCEPT, useImageFileCheck } from '../../common/image-files.ts';
import { useNotify } from '../../common/notify.ts';

/**
 * The gallery's file chooser (spec §5): at most 10 images per selection, jpeg/png/webp, 5 MB each.
 * A selection over 10 is refused whole; a refused file (checked by its first bytes, see image-files.ts)
 * is named in a toast and the others go on.
 * While `uploading` it shows the progress of the upload under way.
 */
export function GalleryPicker({ onPick, uploading }: { onPick: (files: File[]) => void; uploading: number }) {
  const { t } = useLingui();
  const notify = useNotify();
  const check = useImageFileCheck();
  const resetRef = useRef<() => void>(null);
  const pick = async (files: File[]) => {
    resetRef.current?.(); // the same files may be chosen again
    if (files.length === 0) return;
    if (files.length > LIMITS.galleryMaxFiles) return notify.error({ title: t`Erro`, message: t`Máximo de 10 imagens por vez` });
    const { accepted, refused } = await check(files);
    for (const message of refused) notify.error({ title: t`Imagem recusada`, message });
    if (accepted.length) onPick(accepted);
  };
  return (
    <Stack gap={6}>
      <FileButton onChange={pick} multiple resetRef={resetRef} accept={IMAGE_ACCEPT}>
        {(props) => (
          <Button {...props} variant="light" leftSection={<IconUpload />} disabled={uploading > 0} w="fit-content">
            <Trans>Adicionar imagens</Trans>
          </Button>
        )}
      </FileButton>
      <Text size="xs" c="dimmed">
        <Trans>Até 10 imagens por vez · JPEG, PNG ou WebP · até 5 MB cada</Trans>
      </Text>
      {uploading > 0 && (
        <Stack gap={4} role="status">
          <Text size="sm">
            <Trans>Enviando {uploading} imagem(ns)…</Trans>
          </Text>
          <Progress value={100} striped animated aria-label={t`Enviando imagens`} />
        </Stack>
      )}
    </Stack>
  );
}
