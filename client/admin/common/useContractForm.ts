import '../../../shared/zod-locale.ts';
import { schemaResolver, useForm } from '@mantine/form';

/** Field errors as @mantine/form holds them. */
export type FormErrors = ReturnType<ReturnType<typeof schemaResolver<true>>>;

/** A controlled @mantine/form validated by one function. */
// biome-ignore lint/suspicious/noExplicitAny: the constraint @mantine/form itself declares
export function useValidatedForm<V extends Record<string, any>>(validate: (values: V) => FormErrors, initialValues?: V) {
  return useForm<V>({ mode: 'controlled', validate, ...(initialValues ? { initialValues } : {}) });
}
/** Its typed form object (@mantine/form's `UseFormReturnType` is not reachable from the package's ESM types). */
// biome-ignore lint/suspicious/noExplicitAny: as above
export type FormOf<V extends Record<string, any>> = ReturnType<typeof useValidatedForm<V>>;

/**
 * A form checked with the same zod contract the server parses (shared/), so its messages (in
 * Portuguese, see shared/zod-locale.ts) show under their fields before anything is sent; `extra`
 * adds the service rules the contract leaves to the server (non-blank title, required image...).
 */
// biome-ignore lint/suspicious/noExplicitAny: as above
export function useContractForm<V extends Record<string, any>>(
  contract: Parameters<typeof schemaResolver>[0],
  initialValues: V,
  extra?: (values: V) => FormErrors,
): FormOf<V> {
  const check = schemaResolver(contract, { sync: true });
  return useValidatedForm<V>((values) => ({ ...check(values), ...(extra?.(values) ?? {}) }), initialValues);
}
