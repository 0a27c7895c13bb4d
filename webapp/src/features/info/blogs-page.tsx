import { buildPath, type BlogPostSummary } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from '../../lib/router';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronLeftIcon, ChevronRightIcon } from '../../lib/ui/icons';
import { EmptyState, ErrorState, PageTitle } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { blogsPageParam, useBlogs } from './api/get-blogs';
import { PostImage } from './post-image';
import './info.css';

/** /blogs: posts newest first, a page at a time. */
export function BlogsPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const [params] = useSearchParams();
  const page = blogsPageParam(params.get('page'));
  const blogs = useBlogs(page);
  useDocumentTitle(t('info.blogs.title'));
  const pageLink = (to: number) => `${buildPath(lang, 'blogs')}${to > 1 ? `?page=${to}` : ''}`;
  const meta = blogs.data?.meta;
  return (
    <div className="info info--wide">
      <PageTitle subtitle={t('info.blogs.text')}>{t('info.blogs.title')}</PageTitle>
      {blogs.isPending && (
        <div className="blog-list" role="status" aria-label={t('common.loading')}>
          {[0, 1, 2].map((index) => (
            <div key={index} className="blog-card" aria-hidden="true">
              <span className="skeleton blog-card__image" />
              <span className="blog-card__body">
                <span className="skeleton skeleton--title" />
                <span className="skeleton skeleton--text" />
                <span className="skeleton skeleton--text" style={{ width: '70%' }} />
              </span>
            </div>
          ))}
        </div>
      )}
      {blogs.isError && (
        <ErrorState
          message={errorMessage(t, blogs.error)}
          onRetry={() => void blogs.refetch()}
          retrying={blogs.isFetching}
        />
      )}
      {blogs.data && blogs.data.data.length === 0 && (
        <EmptyState
          title={t('info.noPosts')}
          action={
            page > 1 ? (
              <Link className="btn btn--secondary" to={pageLink(1)}>
                {t('info.firstPage')}
              </Link>
            ) : undefined
          }
        />
      )}
      {blogs.data && blogs.data.data.length > 0 && (
        <ul
          className={blogs.isPlaceholderData ? 'blog-list listing--stale' : 'blog-list'}
          aria-busy={blogs.isPlaceholderData || undefined}
        >
          {blogs.data.data.map((post, index) => (
            <li key={post.slug}>
              <BlogCard post={post} eager={index === 0} />
            </li>
          ))}
        </ul>
      )}
      {meta && meta.last_page > 1 && (
        <BlogsPager page={page} lastPage={meta.last_page} pageLink={pageLink} />
      )}
    </div>
  );
}

function BlogCard({ post, eager }: { post: BlogPostSummary; eager: boolean }) {
  const lang = useLanguage();
  const date = formatDate(post.published_at, lang);
  return (
    <article className="blog-card">
      <Link className="blog-card__link" to={buildPath(lang, 'blog', { slug: post.slug })}>
        <PostImage image={post.image} className="blog-card__image" slot="blogCard" eager={eager} />
        <span className="blog-card__body">
          <h2 className="blog-card__title">{post.title}</h2>
          {date && (
            <time className="blog-card__date" dateTime={post.published_at}>
              {date}
            </time>
          )}
          <span className="blog-card__excerpt">{post.excerpt}</span>
        </span>
      </Link>
    </article>
  );
}

/** Previous and next page around "page N of M"; an empty cell holds the place of a missing link. */
function BlogsPager({
  page,
  lastPage,
  pageLink,
}: {
  page: number;
  lastPage: number;
  pageLink: (to: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <nav className="pager" aria-label={t('info.pagination')}>
      {page > 1 ? (
        <Link className="btn btn--secondary btn--sm" to={pageLink(Math.min(page - 1, lastPage))}>
          <ChevronLeftIcon size={18} />
          {t('info.previousPage')}
        </Link>
      ) : (
        <span />
      )}
      <span className="pager__status">
        {t('info.pageOf', { page: Math.min(page, lastPage), total: lastPage })}
      </span>
      {page < lastPage ? (
        <Link className="btn btn--secondary btn--sm" to={pageLink(page + 1)}>
          {t('info.nextPage')}
          <ChevronRightIcon size={18} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
