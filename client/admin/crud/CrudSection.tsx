import { Grid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './section.module.css';

/**
 * A list-and-form section (spec §2: "list and form, with create and edit modes"): the form beside
 * the list on wide screens, above it on phones and tablets.
 */
export function CrudSection({ title, intro, form, list }: { title: string; intro?: ReactNode; form: ReactNode; list: ReactNode }) {
  return (
    <Stack gap="lg" className={classes.root}>
      <div>
        <Title order={2}>{title}</Title>
        {intro && (
          <Text c="dimmed" size="sm" mt={4}>
            {intro}
          </Text>
        )}
      </div>
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, lg: 5 }}>{form}</Grid.Col>
        <Grid.Col span={{ base: 12, lg: 7 }}>{list}</Grid.Col>
      </Grid>
    </Stack>
  );
}
