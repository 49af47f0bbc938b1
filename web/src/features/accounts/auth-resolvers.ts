/** The resolvers of the public account forms, with their contracts (loaded lazily: lib/lazy-resolver.ts). */
import { loginSchema, registerSchema, requestPasswordResetSchema, resetPasswordSchema } from '@parliamo/domain/contracts/accounts';
import type { LoginInput, RegisterInput, Registration } from '@parliamo/domain/contracts/accounts';
import type { z } from 'zod';
import { contractResolver } from '../../lib/contract-resolver.ts';

export const login = contractResolver<LoginInput, LoginInput>(loginSchema);
export const register = contractResolver<RegisterInput, Registration>(registerSchema);
export const requestPasswordReset = contractResolver<z.input<typeof requestPasswordResetSchema>, z.output<typeof requestPasswordResetSchema>>(requestPasswordResetSchema);
export const resetPassword = contractResolver<z.input<typeof resetPasswordSchema>, z.output<typeof resetPasswordSchema>>(resetPasswordSchema);
