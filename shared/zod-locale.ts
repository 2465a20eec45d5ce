import { z } from 'zod';

/** Validation messages in Brazilian Portuguese, the shop's language, wherever zod speaks. */
z.config(z.locales.ptBR());
