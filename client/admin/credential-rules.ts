import { useLingui } from '@lingui/react/macro';
import type { CredentialRule } from '../../shared/auth.ts';

/**
 * The users forms' field errors from the shared rules (shared/auth.ts: newUserProblems,
 * passwordChangeProblems, which the server applies too), in the spec's words (§5).
 */
export function useCredentialErrors() {
  const { t } = useLingui();
  const texts: Record<CredentialRule, string> = {
    fillAllFields: t`Preencha todos os campos`,
    invalidUsername: t`Username inválido (use apenas letras, números e _)`,
    passwordTooShort: t`Senha deve ter no mínimo 6 caracteres`,
    newPasswordTooShort: t`Nova senha deve ter no mínimo 6 caracteres`,
    passwordsDiffer: t`Senhas não conferem`,
  };
  return <F extends string>(problems: Partial<Record<F, CredentialRule>>): Partial<Record<F, string>> =>
    Object.fromEntries(
      Object.entries<CredentialRule>(problems as Record<string, CredentialRule>).map(([f, rule]) => [f, texts[rule]]),
    ) as Partial<Record<F, string>>;
}
