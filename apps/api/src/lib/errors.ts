/** An error a service throws on purpose: an HTTP status and a pt-BR message for the user. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError(400, message, extra);
export const unauthorized = (message = 'Sessão expirada, faça um novo login para continuar') => new AppError(401, message);
export const forbidden = (message = 'Você não tem permissão para executar esta operação') => new AppError(403, message);
export const notFound = (message = 'Registro não encontrado') => new AppError(404, message);
export const conflict = (message: string) => new AppError(409, message);
export const tooManyRequests = (message: string) => new AppError(429, message);
