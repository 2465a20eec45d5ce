import { Trans, useLingui } from '@lingui/react/macro';
import { AspectRatio, Button, Center, FileButton, Group, Image, Input, Paper, Stack, Text } from '@mantine/core';
import { useRef } from 'react';
import { imageUrl } from '../../../shared/image-url.ts';
import { IconUpload } from './icons.tsx';
import { IMAGE_ACCEPT, useImageFileCheck } from './image-files.ts';
import { useObjectUrl } from './useObjectUrls.ts';

/**
 * One image chosen from the device, with a preview: the new file when one is chosen, else the
 * current image (edit mode). A refused file (format, size) is reported in place, in the spec's words.
 */
export function ImagePicker({
  label,
  file,
  currentUrl,
  ratio,
  required,
  hint,
  error,
  onChange,
  onRefuse,
  onRemove,
}: {
  label: string;
  file: File | null;
  currentUrl?: string;
  ratio: number;
  required?: boolean;
  /** Shown above the formats line (what the image is for, its proportion). */
  hint?: React.ReactNode;
  error?: React.ReactNode;
  onChange: (file: File) => void;
  onRefuse: (message: string) => void;
  /** For an optional image: a 'Remover imagem' button while one is shown. */
  onRemove?: () => void;
}) {
  const { t } = useLingui();
  const check = useImageFileCheck();
  const preview = useObjectUrl(file) ?? (currentUrl ? imageUrl(currentUrl) : null);
  const resetRef = useRef<() => void>(null);
  const choose = async (chosen: File | null) => {
    resetRef.current?.(); // the same file may be chosen again
    if (!chosen) return;
    const { accepted, refused } = await check([chosen]);
    if (accepted[0]) onChange(accepted[0]);
    else if (refused[0]) onRefuse(refused[0]);
  };
  return (
    <Input.Wrapper
      label={label}
      required={required}
      error={error}
      description={
        hint ? (
          <>
            {hint}
            <br />
            {t`JPEG, PNG ou WebP, até 5 MB`}
          </>
        ) : (
          t`JPEG, PNG ou WebP, até 5 MB`
        )
      }
    >
      <Stack gap="xs" mt={6}>
        <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
          <AspectRatio ratio={ratio}>
            {preview ? (
              <Image src={preview} alt={t`Pré-visualização da imagem`} fit="cover" />
            ) : (
              <Center bg="var(--mantine-color-default-hover)">
                <Text size="sm" c="dimmed">
                  <Trans>Nenhuma imagem escolhida</Trans>
                </Text>
              </Center>
            )}
          </AspectRatio>
        </Paper>
        {/* Buttons keep their whole labels; the file name takes what is left, or the next line. */}
        <Group gap="xs" wrap="wrap" preventGrowOverflow={false}>
          <FileButton onChange={choose} resetRef={resetRef} accept={IMAGE_ACCEPT}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconUpload />}>
                {preview ? <Trans>Trocar imagem</Trans> : <Trans>Escolher imagem</Trans>}
              </Button>
            )}
          </FileButton>
          {onRemove && preview && (
            <Button variant="subtle" color="red" onClick={onRemove}>
              <Trans>Remover imagem</Trans>
            </Button>
          )}
          {file && (
            <Text size="xs" c="dimmed" truncate style={{ flex: '1 1 6rem', minWidth: 0 }}>
              {file.name}
            </Text>
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
