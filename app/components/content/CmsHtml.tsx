/**
 * Typography for CMS HTML, which arrives as plain elements. Tailwind resets them, so each gets
 * its look back here.
 */
export const CMS_TYPOGRAPHY = [
  'max-w-none leading-relaxed text-stone-700',
  '[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-stone-ink',
  '[&_h3]:mt-6 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-stone-ink',
  '[&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_li]:my-1 [&_a]:text-stone-accent [&_a]:underline [&_a]:underline-offset-2',
  '[&_strong]:font-semibold [&_strong]:text-stone-ink [&_img]:my-4 [&_img]:h-auto [&_img]:max-w-full',
  '[&_table]:my-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_th]:border [&_th]:border-stone-300 [&_th]:bg-stone-100 [&_th]:p-2 [&_th]:text-left',
  '[&_td]:border [&_td]:border-stone-300 [&_td]:p-2',
].join(' ');

/** HTML the content API has already sanitised (server/services/content/sanitise.ts). */
export function CmsHtml({ html, className = '' }: { html: string; className?: string }) {
  return (
    <div className={`${CMS_TYPOGRAPHY} ${className}`} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

/** A title as WordPress renders it: text whose HTML characters are escaped. */
export function CmsTitle({ rendered, className = '' }: { rendered: string; className?: string }) {
  return <h1 className={className} dangerouslySetInnerHTML={{ __html: rendered }} />;
}
