import type { FormEvent } from 'react';
import { useNotify } from '../common/notify.ts';
import { errorMessage, type FieldMessages, showFieldError } from '../common/server-errors.ts';

/** The part of a @mantine/form form this helper uses. */
type SubmittableForm<Values> = {
  onSubmit: (
    ok: (values: Values) => Promise<void>,
    invalid: (errors: Record<string, unknown>) => void,
  ) => (event?: FormEvent<HTMLFormElement>) => void;
  setFieldError: (path: never, error: string) => void;
  getValues: () => object;
};

/**
 * A form's submit handler (a hook: it shows toasts): validates with the form's schema, runs the save, and when the server
 * refuses it shows the toast ('Erro ao salvar banner', ...) and the server's field errors in place.
 * Nothing the owner typed is cleared on failure; `run` clears the form itself on success.
 */
export function useSubmitHandler<Values extends Record<string, unknown>>(
  form: SubmittableForm<Values>,
  opts: {
    run: (values: Values) => Promise<void>;
    failure: string;
    known?: FieldMessages;
    onInvalid?: (errors: Record<string, unknown>) => void;
  },
) {
  const notify = useNotify();
  return form.onSubmit(
    async (values) => {
      try {
        await opts.run(values);
      } catch (e) {
        notify.error({ title: opts.failure, message: errorMessage(e) });
        showFieldError(form, e, opts.known);
      }
    },
    (errors) => opts.onInvalid?.(errors),
  );
}
