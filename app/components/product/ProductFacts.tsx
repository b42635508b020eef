import type { ProductJson } from '#domain/api-types.ts';
import { PRODUCT_DOCUMENT_KIND_LABELS } from '#domain/product-documents.ts';
import { CmsHtml } from '../content/CmsHtml.tsx';

const th = 'border-b border-stone-200 py-2 pr-4 text-left align-top font-medium text-stone-ink';
const td = 'border-b border-stone-200 py-2 pr-4 align-top text-stone-700';

/** 4.1666 → '4.17', 54 → '54', 82.5 → '82.5'. */
const figure = (n: number) => n.toLocaleString('en-GB', { maximumFractionDigits: 2 });

/** '1.2 MB', '340 KB'. */
function fileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${figure(bytes / 1024 / 1024)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/**
 * What the stone is: the description, the specification rows known, each size's measurements
 * (the chosen size marked) and the documents to download. Rendered on the server from the product
 * answer; sections with nothing known are left out.
 */
export function ProductFacts({
  product,
  chosenId,
}: {
  product: ProductJson;
  chosenId: number | null;
}) {
  const specifications = product.specifications ?? [];
  const sizes = product.size_specifications ?? [];
  const documents = product.documents ?? [];
  const description = product.description?.trim() ?? '';
  if (!description && !specifications.length && !sizes.length && !documents.length) return null;
  return (
    <div className="mt-12 grid gap-10 md:grid-cols-2">
      {description ? (
        <section aria-labelledby="description-heading">
          <h2 id="description-heading" className="text-xl font-semibold">
            Description
          </h2>
          <CmsHtml html={description} className="mt-2" />
        </section>
      ) : null}
      <div className="flex flex-col gap-10">
        {specifications.length || sizes.length ? (
          <section aria-labelledby="specifications-heading">
            <h2 id="specifications-heading" className="text-xl font-semibold">
              Specifications
            </h2>
            {specifications.length ? (
              <table className="mt-2 w-full border-collapse text-sm">
                <tbody>
                  {specifications.map((row) => (
                    <tr key={row.key}>
                      <th scope="row" className={`${th} w-2/5`}>
                        {row.name}
                      </th>
                      <td className={`${td} whitespace-pre-line`}>{row.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
            {sizes.length ? (
              <div className="mt-4 overflow-x-auto">
                <table className="w-full border-collapse text-sm">
                  <caption className="pb-1 text-left font-medium">Sizes</caption>
                  <thead>
                    <tr>
                      <th scope="col" className={th}>
                        Size (mm)
                      </th>
                      <th scope="col" className={th}>
                        Thickness
                      </th>
                      <th scope="col" className={th}>
                        Pieces per m²
                      </th>
                      <th scope="col" className={th}>
                        Weight per m²
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {sizes.map((size) => {
                      const chosen = size.variation_id === chosenId;
                      return (
                        <tr key={size.variation_id} className={chosen ? 'bg-stone-100' : undefined}>
                          <th scope="row" className={th}>
                            {size.width_mm} × {size.length_mm}
                            {chosen ? <span className="sr-only"> (your size)</span> : null}
                          </th>
                          <td className={td}>
                            {size.thickness_mm === null ? '—' : `${figure(size.thickness_mm)} mm`}
                          </td>
                          <td className={td}>{figure(size.pieces_per_m2)}</td>
                          <td className={td}>
                            {size.weight_kg_per_m2 === null
                              ? '—'
                              : `${figure(size.weight_kg_per_m2)} kg`}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            ) : null}
          </section>
        ) : null}
        {documents.length ? (
          <section aria-labelledby="documents-heading">
            <h2 id="documents-heading" className="text-xl font-semibold">
              Documents
            </h2>
            <ul className="mt-2 flex flex-col gap-2 text-sm">
              {documents.map((document) => (
                <li key={document.id}>
                  <a
                    href={document.url}
                    download={document.file_name}
                    className="text-stone-accent underline underline-offset-2"
                  >
                    {document.title}
                  </a>{' '}
                  <span className="text-stone-600">
                    ({PRODUCT_DOCUMENT_KIND_LABELS[document.kind]}, PDF,{' '}
                    {fileSize(document.size_bytes)})
                  </span>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </div>
    </div>
  );
}
