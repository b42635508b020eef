import { z } from '#domain/zod.ts';
import { emailSchema, MESSAGES, signupSchema } from '#domain/validation.ts';

/** Lost password: the same email rule as everywhere. */
export const lostPasswordFormSchema = z.object({ email: emailSchema });

/** A new password from a reset link: the signup rule, typed twice. */
export const resetPasswordFormSchema = z
  .object({ password: signupSchema.shape.password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    error: MESSAGES.passwordsDoNotMatch,
    path: ['confirmPassword'],
  });
