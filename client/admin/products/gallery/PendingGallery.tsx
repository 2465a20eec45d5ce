import { arrayMove } from '@dnd-kit/sortable';
import { Trans } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import { useObjectUrls } from '../../common/useObjectUrls.ts';
import { GalleryGrid } from './GalleryGrid.tsx';
import { GalleryPicker } from './GalleryPicker.tsx';

/** A stable key per chosen file, so a moved preview keeps its element (and the focus). */
const keys = new WeakMap<File, number>();
let lastKey = 0;
function keyOf(file: File): number {
  let key = keys.get(file);
  if (key === undefined) {
    key = ++lastKey;
    keys.set(file, key);
  }
  return key;
}

/** Before the product exists (spec §4): images are held here, with previews, and sent once it is created. */
export function PendingGallery({ files, onChange, uploading }: { files: File[]; onChange: (files: File[]) => void; uploading: boolean }) {
  const urls = useObjectUrls(files);
  return (
    <Stack gap="xs">
      <GalleryPicker onPick={(picked) => onChange([...files, ...picked])} uploading={uploading ? files.length : 0} />
      {files.length > 0 && (
        <>
          <GalleryGrid
            items={files.map((f, i) => ({ key: keyOf(f), src: urls[i] ?? '', name: f.name }))}
            onMove={(from, to) => onChange(arrayMove(files, from, to))}
            onRemove={(index) => onChange(files.filter((_, i) => i !== index))}
          />
          <Text size="xs" c="dimmed">
            <Trans>As imagens serão enviadas assim que o produto for criado.</Trans>
          </Text>
        </>
      )}
    </Stack>
  );
}
