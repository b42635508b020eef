import { data, Link, useLoaderData } from 'react-router';
import type { PageLoadContext } from '#domain/page-load-context.ts';
import { renderedText, type WpContentJson } from '#domain/wordpress.ts';
import { blogPostPath, formatPostDate, imageSrc } from '#app/components/content/blog-posts.ts';
import { CONTENT_LOAD_TIMEOUT_MS } from '#app/components/content/cms-page.ts';
import { orFallbackAfter } from '#app/components/content/cms-page.server.ts';
import { CmsHtml, CmsTitle } from '#app/components/content/CmsHtml.tsx';
import { ErrorLoadingPage } from '#app/components/content/ContentStates.tsx';

type PostData = { post: WpContentJson } | { post: null };

export function meta({ data: loaded }: { data: PostData | undefined }) {
  const post = loaded?.post;
  if (!post) return [{ title: 'Blog | Tessera' }];
  return [
    { title: `${renderedText(post.title.rendered)} | Tessera` },
    { name: 'description', content: renderedText(post.excerpt.rendered).trim() },
  ];
}

// The post is the page: an unknown slug is a 404; a failing store shows 'Error loading page'.
export async function loader({
  params,
  context,
}: {
  params: { slug?: string };
  context: PageLoadContext;
}): Promise<PostData> {
  const found = await orFallbackAfter<WpContentJson[] | null>(
    context
      .api<WpContentJson[]>(blogPostPath(params.slug ?? ''))
      .then((response) => (response.status === 200 ? response.data : null)),
    CONTENT_LOAD_TIMEOUT_MS,
    null,
  );
  if (found === null) return { post: null };
  const post = found[0];
  if (!post) throw data(null, { status: 404 });
  return { post };
}

export default function BlogPost() {
  const { post } = useLoaderData<typeof loader>();
  if (!post) {
    return (
      <main>
        <ErrorLoadingPage />
      </main>
    );
  }
  const image = post._embedded?.['wp:featuredmedia'][0];
  return (
    <main>
      <article className="mx-auto max-w-3xl px-4 py-10 lg:px-8">
        <Link to="/blog" className="text-sm text-stone-accent underline underline-offset-2">
          Back to the blog
        </Link>
        <CmsTitle
          rendered={post.title.rendered}
          className="mt-4 text-3xl font-semibold tracking-tight text-stone-ink"
        />
        <p className="mt-2 text-sm text-stone-600">
          <time dateTime={post.date_gmt}>{formatPostDate(post.date_gmt)}</time>
        </p>
        {image ? (
          <img
            src={imageSrc(image.source_url)}
            alt={image.alt_text}
            width={960}
            height={640}
            className="mt-6 aspect-[3/2] w-full rounded object-cover"
          />
        ) : null}
        <CmsHtml html={post.content.rendered} className="mt-6" />
      </article>
    </main>
  );
}
