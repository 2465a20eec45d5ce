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
  UNAVAILABLE: 503,
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
  requestFailed: 'Falha na requisição',
  badRequest: 'Requisição inválida',
  invalidCharacters: 'Caracteres inválidos',
  invalidJson: 'JSON inválido',
  jsonTooDeep: 'JSON aninhado demais',
  payloadTooLarge: 'Arquivo ou requisição grande demais',
  unsupportedMediaType: 'Tipo de conteúdo não suportado',
  lengthRequired: 'Content-Length obrigatório',
  forbidden: 'Acesso negado',
  conflict: 'Conflito com o estado atual',
  preconditionFailed: 'Pré-condição não atendida',
  requestCancelled: 'Requisição cancelada',
  notImplemented: 'Não implementado',
  unavailable: 'Serviço indisponível',
  badMultipart: 'Formulário multipart inválido',
  badUrl: 'Endereço inválido',
  headersTooLarge: 'Cabeçalhos da requisição grandes demais',
  requestTimeout: 'Tempo da requisição esgotado',
  methodNotAllowed: 'Método não permitido',
  internal: 'Erro interno do servidor',
  storageUnavailable: 'Armazenamento de imagens indisponível. Tente novamente mais tarde.',
  imageProcessingUnavailable: 'Processamento de imagens indisponível. Tente novamente mais tarde.',
  uploadsBusy: 'Muitos envios de imagens em andamento. Tente novamente em instantes.',
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
