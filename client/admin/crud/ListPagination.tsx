import { useLingui } from '@lingui/react/macro';
import { Group, Pagination } from '@mantine/core';
import type { RefObject } from 'react';

/**
 * The page buttons under a long admin list, named for screen readers; nothing when it has one page.
 * A new page brings `top` (the list's heading or count) into view, so it is read from its start.
 */
export function ListPagination({
  page,
  pages,
  onChange,
  top,
}: {
  page: number;
  pages: number;
  onChange: (page: number) => void;
  top: RefObject<HTMLElement | null>;
}) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={t`Páginas`} justify="center" mt="xs">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(n) => {
          onChange(n);
          top.current?.scrollIntoView({ block: 'start' });
        }}
        size="sm"
        siblings={1}
        getControlProps={(control) =>
          control === 'previous' ? { 'aria-label': t`Página anterior` } : control === 'next' ? { 'aria-label': t`Próxima página` } : {}
        }
        getItemProps={(n) => ({ 'aria-label': t`Página ${n}` })}
      />
    </Group>
  );
}
