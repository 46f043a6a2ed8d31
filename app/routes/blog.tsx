import { servicesContext } from "#app/context.server.ts";
import { PageIntro } from "#app/components/page-intro.tsx";
import { formatPostDate } from "#shared/blog.ts";
import { siteNameOf, titled } from "#app/lib/meta.ts";
import type { Route } from "./+types/blog";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: titled(matches, "Blog") },
  {
    name: "description",
    content: `News from ${siteNameOf(matches) ?? "the board"}: new features, hiring advice for employers and tips for job seekers.`,
  },
];

/** The same posts, in the same order, as `GET /api/blog-posts`. */
export async function loader({ context }: Route.LoaderArgs) {
  return { posts: await context.get(servicesContext).blog.listPosts() };
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts } = loaderData;
  return (
    <main>
      <PageIntro eyebrow="News and advice" title="Blog">
        <p>Product news, hiring advice and tips for finding your next job.</p>
      </PageIntro>
      <div className="mx-auto max-w-3xl px-4 py-10">
        {posts.length === 0 ? (
          <section
            aria-labelledby="coming-soon"
            className="rounded-xl border border-slate-200 bg-white p-10 text-center shadow-sm"
          >
            <h2 id="coming-soon" className="text-2xl font-semibold text-slate-900">
              Coming Soon
            </h2>
            <p className="mt-2 text-slate-700">Our first posts are on their way. Check back soon.</p>
          </section>
        ) : (
          <ol className="space-y-8">
            {posts.map((post) => (
              <li key={`${post.date}-${post.title}`}>
                <article className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
                  <h2 className="text-xl font-semibold text-slate-900">{post.title}</h2>
                  <p className="mt-1 text-sm text-slate-600">
                    <time dateTime={post.date}>{formatPostDate(post.date)}</time>
                  </p>
                  <div className="mt-4 space-y-3 leading-relaxed text-slate-700">
                    {post.content
                      .split(/\n+/)
                      .filter((paragraph) => paragraph.trim() !== "")
                      .map((paragraph, index) => (
                        <p key={index}>{paragraph}</p>
                      ))}
                  </div>
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
