import { Link } from 'react-router';
import { renderedText, type WpContentJson } from '#domain/wordpress.ts';
import { StoneImage } from '../ui/StoneImage.tsx';
import { CmsHtml } from './CmsHtml.tsx';
import { imageSrc } from './blog-posts.ts';

/** A post in the blog grid: featured image if any, title and excerpt, linking to the post. */
export function BlogCard({ post, eager }: { post: WpContentJson; eager: boolean }) {
  const image = post._embedded?.['wp:featuredmedia'][0];
  const href = `/blog/${post.slug}`;
  return (
    <article className="flex flex-col overflow-hidden rounded border border-stone-200 bg-white">
      {image ? (
        <StoneImage
          src={imageSrc(image.source_url)}
          alt={image.alt_text || renderedText(post.title.rendered)}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          eager={eager}
          className="aspect-[4/3] w-full object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        <h2 className="text-lg font-semibold text-stone-ink">
          <Link
            to={href}
            className="hover:underline"
            dangerouslySetInnerHTML={{ __html: post.title.rendered }}
          />
        </h2>
        <CmsHtml html={post.excerpt.rendered} className="mt-2 text-sm" />
      </div>
    </article>
  );
}
