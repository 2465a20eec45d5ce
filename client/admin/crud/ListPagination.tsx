import { useLingui } from '@lingui/react/macro';
import { Group, Pagination } from '@mantine/core';

/** The page buttons under a long admin list, named for screen readers; nothing when it has one page. */
export function ListPagination({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  const { t } = useLingui();
  if (pages <= 1) return null;
  return (
    <Group component="nav" aria-label={t`Páginas`} justify="center" mt="xs">
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={onChange}
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
