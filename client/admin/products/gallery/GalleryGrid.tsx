import { useLingui } from '@lingui/react/macro';
import { ActionIcon, AspectRatio, Badge, Box, Group, Image, Paper, SimpleGrid } from '@mantine/core';
import { IconLeft, IconRight, IconTrash } from '../../common/icons.tsx';

/** `processing`: its variants are still being made on the server (the original is shown meanwhile). */
export type GalleryItem = { key: string | number; src: string; name: string; processing?: boolean };

/**
 * A product's images in order, the first being the cover: each can move one place earlier or later
 * (the first cannot go earlier nor the last later) or be removed.
 */
export function GalleryGrid({
  items,
  onMove,
  onRemove,
}: {
  items: GalleryItem[];
  onMove: (from: number, to: number) => void;
  onRemove: (index: number) => void;
}) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 2, xs: 3, sm: 4, lg: 3 }} spacing="xs" role="list" aria-label={t`Imagens do produto`}>
      {items.map((item, index) => {
        const n = index + 1;
        const earlier = t`Mover imagem ${n} para a esquerda`;
        const later = t`Mover imagem ${n} para a direita`;
        const remove = t`Remover imagem ${n}`;
        return (
          <Paper key={item.key} withBorder radius="md" p={4} role="listitem" data-testid="gallery-item" data-name={item.name}>
            <Box pos="relative">
              <AspectRatio ratio={1}>{item.src && <Image src={item.src} alt={item.name} radius="sm" fit="cover" />}</AspectRatio>
              {index === 0 && (
                <Badge size="xs" pos="absolute" top={4} left={4}>
                  {t`Capa`}
                </Badge>
              )}
              {item.processing && (
                <Badge size="xs" color="gray" pos="absolute" bottom={4} left={4} data-testid="gallery-processing">
                  {t`Processando…`}
                </Badge>
              )}
            </Box>
            <Group justify="space-between" gap={0} mt={4} wrap="nowrap">
              <ActionIcon
                variant="subtle"
                aria-label={earlier}
                title={earlier}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <IconLeft size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={remove} title={remove} onClick={() => onRemove(index)}>
                <IconTrash size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                aria-label={later}
                title={later}
                disabled={index === items.length - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <IconRight size={16} />
              </ActionIcon>
            </Group>
          </Paper>
        );
      })}
    </SimpleGrid>
  );
}
