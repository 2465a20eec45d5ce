import { schemaResolver } from '@mantine/form';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { SettingsKey } from '../../../shared/settings.ts';
import { type AdminSettings, ZSettingsUpdate } from '../../../shared/settings-input.ts';
import { useTRPC, useTRPCClient } from '../../trpc.ts';
import { type ToastText, useNotify } from './notify.ts';
import { serverFailure, showFieldError } from './server-errors.ts';
import { type FormErrors, type FormOf, useValidatedForm } from './useContractForm.ts';

/** Image files a settings form may send, under the multipart names the server reads. */
export type SettingsImageField = 'logo' | 'favicon' | 'footer_image';

/** Extra form fields besides the settings themselves: chosen image files, the unlock password. */
type Extra = Partial<Record<SettingsImageField, File | null>> & { store_unlock_password?: string };

export type SettingsFormValues<K extends SettingsKey, X extends Extra> = Pick<AdminSettings, K> & X;

export type SettingsFormOptions<K extends SettingsKey, X extends Extra> = {
  /** The settings this form edits; only these are sent. */
  keys: readonly K[];
  /** Extra fields with their empty values (files start as null, the password as ''). */
  extra?: X;
  /** Toasts after saving (spec §8). */
  success: ToastText;
  failure: ToastText;
  /** Rules beyond the shared contract (which always runs, with the server's messages). */
  validate?: (values: SettingsFormValues<K, X>) => FormErrors;
};

export type SettingsForm<K extends SettingsKey, X extends Extra> = {
  form: FormOf<SettingsFormValues<K, X>>;
  /** The saved settings (all of them), once loaded. */
  settings: AdminSettings | undefined;
  /** The form holds the saved values and may be edited. */
  ready: boolean;
  loadFailed: boolean;
  saving: boolean;
  /** The server's refusal that names no field of this form (shown by FormSaveBar). */
  formError: string | null;
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
};

const pick = <K extends SettingsKey>(s: AdminSettings, keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, s[k]])) as Pick<AdminSettings, K>;

/** Multipart text as the legacy contract reads it (booleans '1'/'0'), plus the chosen files. */
function toFormData(values: Record<string, unknown>): FormData {
  const data = new FormData();
  for (const [key, v] of Object.entries(values)) {
    if (v instanceof File) data.append(key, v);
    else if (typeof v === 'boolean') data.append(key, v ? '1' : '0');
    else if (v !== null && v !== undefined) data.append(key, String(v));
  }
  return data;
}

/**
 * "Edit a subset of the settings and save": a typed @mantine/form over the chosen settings, filled
 * once from `settings.admin` (a refetch never overwrites what the owner is typing), validated with
 * the server's own contract (ZSettingsUpdate) before sending, saved through `settings.update` (or
 * `settings.updateWithImages` when a file was chosen). On success the form takes the saved values
 * (the server may normalise them, e.g. trimmed text), every
 * settings query is invalidated (the storefront reads the change at once) and the success toast
 * shows; on failure the typed values stay, the server's message goes under its field when it names
 * one, and the failure toast shows.
 */
export function useSettingsForm<K extends SettingsKey, X extends Extra = Record<never, never>>(
  options: SettingsFormOptions<K, X>,
): SettingsForm<K, X> {
  type Values = SettingsFormValues<K, X>;
  const trpc = useTRPC();
  const notify = useNotify();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const settings = useQuery(trpc.settings.admin.queryOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const contract = schemaResolver(ZSettingsUpdate, { sync: true });
  const extra = options.extra ?? ({} as X);
  const valuesOf = (s: AdminSettings) => ({ ...pick(s, options.keys), ...extra }) as Values;

  const form = useValidatedForm<Values>((values) => ({ ...contract(values), ...(options.validate?.(values) ?? {}) }));

  useEffect(() => {
    if (settings.data && !form.initialized) form.initialize(valuesOf(settings.data));
  });

  const save = useMutation({
    mutationFn: (values: Values) => {
      const hasFile = Object.values(values).some((v) => v instanceof File);
      const body = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null && !(v instanceof File)));
      return hasFile ? client.settings.updateWithImages.mutate(toFormData(values)) : client.settings.update.mutate(body);
    },
    onSuccess: async (saved) => {
      queryClient.setQueryData(trpc.settings.admin.queryKey(), saved);
      const next = valuesOf(saved);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
      notify.success(options.success);
      await queryClient.invalidateQueries({ queryKey: trpc.settings.pathKey() });
    },
    onError: (error) => {
      const placed = showFieldError(form, error);
      if (!placed) setFormError(serverFailure(error).message);
      notify.error(options.failure);
    },
  });

  const submit = form.onSubmit((values) => {
    setFormError(null);
    save.mutate(values);
  });

  return {
    form,
    settings: settings.data,
    ready: form.initialized,
    loadFailed: settings.isError,
    saving: save.isPending,
    formError,
    onSubmit: submit,
  };
}
