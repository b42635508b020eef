// Categories and attribute terms as staff name and order them: the API's schemas and the back
// office's forms.
import { z } from '#domain/zod.ts';
import { requiredText, versionField } from './admin-catalogue.ts';
import { isSlug } from './slug.ts';

export const TAXONOMY_NAME_MAX_LENGTH = 100;

export const TAXONOMY_MESSAGES = {
  nameRequired: 'Enter the name',
  nameTooLong: `The name must be at most ${TAXONOMY_NAME_MAX_LENGTH} characters`,
  slugInvalid: 'The slug may hold lower-case letters, digits and single hyphens, e.g. marble-tiles',
  slugTaken: 'This slug is already used here',
  sectionRequired: 'Enter the section, e.g. stone-collection',
  positionInvalid: 'The position is a whole number from 0 to 10000',
} as const;

const taxonomySlug = z
  .string({ error: TAXONOMY_MESSAGES.slugInvalid })
  .trim()
  .max(100, { error: TAXONOMY_MESSAGES.slugInvalid })
  .refine(isSlug, { error: TAXONOMY_MESSAGES.slugInvalid });
const taxonomyName = requiredText(
  TAXONOMY_MESSAGES.nameRequired,
  TAXONOMY_NAME_MAX_LENGTH,
  TAXONOMY_MESSAGES.nameTooLong,
);
const position = z
  .number({ error: TAXONOMY_MESSAGES.positionInvalid })
  .int({ error: TAXONOMY_MESSAGES.positionInvalid })
  .min(0, { error: TAXONOMY_MESSAGES.positionInvalid })
  .max(10_000, { error: TAXONOMY_MESSAGES.positionInvalid })
  .default(0);

/** A category: POST /api/admin/categories, PUT /api/admin/categories/:id. */
export const categoryEditSchema = z.object({
  name: taxonomyName,
  slug: taxonomySlug,
  section: z
    .string({ error: TAXONOMY_MESSAGES.sectionRequired })
    .trim()
    .max(100, { error: TAXONOMY_MESSAGES.sectionRequired })
    .refine(isSlug, { error: TAXONOMY_MESSAGES.sectionRequired }),
  position,
  version: versionField,
});

/** An attribute term: POST /api/admin/attributes/:id/terms, PUT /api/admin/terms/:id. */
export const termEditSchema = z.object({
  name: taxonomyName,
  slug: taxonomySlug,
  position,
  version: versionField,
});

export type CategoryEdit = z.output<typeof categoryEditSchema>;
export type TermEdit = z.output<typeof termEditSchema>;

/**
 * The position as a form's text box holds it: blank → 0, '3' → 3, 'x' → the field's message. Only
 * the forms take text; the API keeps to JSON numbers.
 */
const positionText = z.preprocess(
  (value) =>
    typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value)) : value,
  position,
);

/** The back office's category form: `categoryEditSchema` with the position typed as text. */
export const categoryFormSchema = categoryEditSchema.extend({ position: positionText });
/** The back office's term form: `termEditSchema` with the position typed as text. */
export const termFormSchema = termEditSchema.extend({ position: positionText });

export const categoryJsonSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  section: z.string(),
  position: z.number().int(),
  version: z.number().int(),
});
export const termJsonSchema = z.object({
  id: z.number().int(),
  attribute_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  position: z.number().int(),
  version: z.number().int(),
});
