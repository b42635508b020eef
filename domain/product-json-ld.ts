// What a product's JSON-LD (schema.org Product) says of the stone, from the product answer: the
// description, material, specification rows and documents. Type imports only: the product page
// runs it in the browser too.
import type {
  ProductDocumentJson,
  SizeSpecificationJson,
  SpecificationJson,
} from './product-facts.ts';

interface FactsOfProduct {
  short_description: string;
  description?: string;
  specifications?: SpecificationJson[];
  size_specifications?: SizeSpecificationJson[];
  documents?: ProductDocumentJson[];
}

const ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

/**
 * HTML as plain text: tags dropped (a block's end is a space), the common entities decoded,
 * white space run together.
 *
 * htmlText('<p>Cut from <b>Jura</b> limestone.</p><p>Seal &amp; grout.</p>') → 'Cut from Jura limestone. Seal & grout.'
 */
export function htmlText(html: string): string {
  return html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
}

const property = (name: string, value: string | number, unitText?: string) => ({
  '@type': 'PropertyValue',
  name,
  value,
  ...(unitText ? { unitText } : {}),
});

/**
 * The schema.org Product fields the facts give: `description` (the full description as text, else
 * the short one), `material`, `additionalProperty` (PropertyValue per specification row other
 * than the material, and each size's thickness and weight per m²) and `subjectOf` (the documents
 * as DigitalDocument). Fields with nothing known are left out.
 */
export function productFactsJsonLd(product: FactsOfProduct, origin: string) {
  const specifications = product.specifications ?? [];
  const material = specifications.find((row) => row.key === 'material')?.value;
  const properties = [
    ...specifications
      .filter((row) => row.key !== 'material')
      .map((row) => property(row.name, row.value)),
    ...(product.size_specifications ?? []).flatMap((size) => [
      ...(size.thickness_mm === null
        ? []
        : [property(`Thickness (${size.option})`, size.thickness_mm, 'mm')]),
      property(`Pieces per m² (${size.option})`, size.pieces_per_m2),
      ...(size.weight_kg_per_m2 === null
        ? []
        : [property(`Weight per m² (${size.option})`, size.weight_kg_per_m2, 'kg/m²')]),
    ]),
  ];
  const documents = (product.documents ?? []).map((document) => ({
    '@type': 'DigitalDocument',
    name: document.title,
    url: new URL(document.url, origin).href,
    encodingFormat: 'application/pdf',
  }));
  return {
    description: htmlText(product.description ?? '') || product.short_description,
    ...(material ? { material } : {}),
    ...(properties.length ? { additionalProperty: properties } : {}),
    ...(documents.length ? { subjectOf: documents } : {}),
  };
}
