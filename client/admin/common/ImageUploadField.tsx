import { Trans, useLingui } from '@lingui/react/macro';
import { Box, Button, FileButton, Group, Image, Input, Text } from '@mantine/core';
import { type ReactNode, useId, useState } from 'react';
import { imageUrl } from '../../../shared/image-url.ts';
import { IMAGE_ACCEPT, useImageFileCheck } from './image-files.ts';
import { useObjectUrl } from './useObjectUrls.ts';

export type ImageUploadFieldProps = {
  label: ReactNode;
  description?: ReactNode;
  /** The saved image ('' when there is none). */
  currentUrl: string;
  /** The chosen file, not yet saved. */
  value: File | null;
  onChange: (file: File | null) => void;
  /** Removes the saved image (the form then sends its URL as ''); without it there is no remove button. */
  onRemove?: () => void;
  /** A message to show in place (the form's or the server's). */
  error?: ReactNode;
  /** Preview box height in px; the image keeps its ratio inside. */
  previewHeight?: number;
  /** Checkerboard behind the preview, for logos and icons with transparency. */
  transparentBackground?: boolean;
};

/**
 * An image setting: preview of the saved image or of the chosen file, a button to choose one
 * (jpeg, png or webp up to 5 MB, checked here with the server's messages before anything is sent)
 * and, when allowed, one to remove it. The file goes to the server with the rest of the form.
 */
export function ImageUploadField(props: ImageUploadFieldProps) {
  const { t } = useLingui();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useObjectUrl(props.value);
  const src = preview ?? (props.currentUrl ? imageUrl(props.currentUrl) : null);
  const height = props.previewHeight ?? 96;
  const chosenName = props.value?.name;
  const check = useImageFileCheck();
  const choose = async (file: File | null) => {
    if (!file) return;
    const { accepted, refused } = await check([file]);
    setProblem(refused[0] ?? null);
    if (accepted[0]) props.onChange(accepted[0]);
  };
  return (
    <Input.Wrapper label={props.label} description={props.description} error={problem ?? props.error} labelElement="div" id={id}>
      <Group gap="md" mt={4} align="center">
        <Box
          w={height * 1.6}
          h={height}
          bdrs="md"
          style={{
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            overflow: 'hidden',
            border: '1px solid var(--mantine-color-default-border)',
            background:
              src && props.transparentBackground
                ? 'repeating-conic-gradient(var(--mantine-color-default-border) 0% 25%, transparent 0% 50%) 50% / 16px 16px'
                : 'var(--mantine-color-default-hover)',
          }}
        >
          {src ? (
            <Image src={src} alt={t`Pré-visualização`} mah={height - 8} maw="100%" w="auto" fit="contain" />
          ) : (
            <Text size="xs" c="dimmed" ta="center" px="xs">
              <Trans>Nenhuma imagem</Trans>
            </Text>
          )}
        </Box>
        <Group gap="xs" style={{ minWidth: 0 }}>
          <FileButton onChange={choose} accept={IMAGE_ACCEPT} inputProps={{ 'aria-labelledby': `${id}-label` }}>
            {(p) => (
              <Button variant="default" size="sm" {...p}>
                {src ? <Trans>Trocar imagem</Trans> : <Trans>Escolher imagem</Trans>}
              </Button>
            )}
          </FileButton>
          {props.value && (
            <Button variant="subtle" size="sm" color="gray" onClick={() => props.onChange(null)}>
              <Trans>Desfazer</Trans>
            </Button>
          )}
          {!props.value && props.currentUrl && props.onRemove && (
            <Button variant="subtle" size="sm" color="red" onClick={props.onRemove}>
              <Trans>Remover imagem</Trans>
            </Button>
          )}
        </Group>
      </Group>
      {chosenName && (
        <Text size="xs" c="dimmed" mt={4}>
          <Trans>Arquivo escolhido: {chosenName} (salve para enviar)</Trans>
        </Text>
      )}
    </Input.Wrapper>
  );
}
