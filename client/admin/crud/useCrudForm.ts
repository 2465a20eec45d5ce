import { schemaResolver, useForm } from '@mantine/form';
import { useState } from 'react';
import '../../../shared/zod-locale.ts';

/**
 * A list-and-form section's form (spec §4): create mode by default, edit mode for one item, cancel
 * back to create with a cleared form. Validated with the operation's shared zod contract, so the
 * form checks exactly what the server checks (zod speaks Portuguese here too).
 */
export function useCrudForm<Values extends Record<string, unknown>, Item extends { id: number }>(opts: {
  initialValues: Values;
  schema: Parameters<typeof schemaResolver>[0];
  toValues: (item: Item) => Values;
}) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: opts.initialValues,
    validate: schemaResolver(opts.schema, { sync: true }),
  });
  const [editing, setEditing] = useState<Item | null>(null);
  const edit = (item: Item) => {
    setEditing(item);
    form.setValues(opts.toValues(item));
    form.clearErrors();
  };
  const cancel = () => {
    setEditing(null);
    form.reset();
  };
  return { form, editing, edit, cancel };
}

/** The form of a list-and-form section, for the components that draw its fields. */
export type CrudFormApi<Values extends Record<string, unknown>> = ReturnType<typeof useCrudForm<Values, { id: number }>>['form'];
