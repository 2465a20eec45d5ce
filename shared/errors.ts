/**
 * Error codes shared by server and client. Services throw AppError(code); each transport maps the
 * code to a status once. The message is the spec's Portuguese text, shown to admins as-is.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  TOO_MANY_REQUESTS: 429,
  STORE_LOCKED: 423,
  INTERNAL: 500,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

/**
 * User-facing codes of spec §8 ("User errors"): the legacy auth calls answer them in `error` (the
 * text in `message`), tRPC in the error's `data.appCode`; the admin maps them to the spec's texts.
 */
export const USER_ERROR_CODES = [
  'username_exists',
  'invalid_username',
  'cannot_delete_self',
  'cannot_delete_last_admin',
  'wrong_password',
] as const;
export type UserErrorCode = (typeof USER_ERROR_CODES)[number];

export const MESSAGES = {
  requestFailed: 'Request failed',
  badRequest: 'Requisição inválida',
  badMultipart: 'Formulário multipart inválido',
  badUrl: 'Endereço inválido',
  headersTooLarge: 'Cabeçalhos da requisição grandes demais',
  requestTimeout: 'Tempo da requisição esgotado',
  methodNotAllowed: 'Método não permitido',
  internal: 'Erro interno do servidor',
  unauthorized: 'Não autenticado',
  notFound: 'Não encontrado',
  productNotFound: 'Produto não encontrado',
  collectionNotFound: 'Coleção não encontrada',
  invalidCredentials: 'Usuário ou senha incorretos',
  tooManyAttempts: 'Muitas tentativas. Aguarde alguns minutos e tente novamente.',
  storeLocked: 'Loja bloqueada',
  wrongUnlockPassword: 'Senha incorreta',
  crossSite: 'Requisição de outra origem recusada',
  fillAllFields: 'Preencha todos os campos',
  passwordTooShort: 'Senha deve ter no mínimo 6 caracteres',
  newPasswordTooShort: 'Nova senha deve ter no mínimo 6 caracteres',
  usernameExists: 'Username já existe',
  invalidUsername: 'Username inválido (use apenas letras, números e _)',
  cannotDeleteSelf: 'Você não pode deletar sua própria conta',
  cannotDeleteLastAdmin: 'Não é possível deletar o último administrador',
  wrongPassword: 'Senha atual incorreta',
  invalidLocale: 'Idioma inválido',
  invalidCurrency: 'Moeda inválida',
} as const;
