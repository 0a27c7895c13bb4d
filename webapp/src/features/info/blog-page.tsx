import { buildPath, FIRST_PAINT_OUTLINES, SlugSchema } from '@shop/shared';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from '../../lib/router';
import { isApiError } from '../../lib/api/api-error';
import { OutlineBoxes } from '../../lib/first-paint/first-paint-outline';
import { errorMessage } from '../../lib/i18n/error-message';
import { formatDate } from '../../lib/i18n/format-date';
import { useLanguage } from '../../lib/i18n/use-language';
import { ChevronLeftIcon } from '../../lib/ui/icons';
import { NotFoundContent } from '../../lib/ui/not-found';
import { Prose } from '../../lib/ui/prose';
import { ErrorState } from '../../lib/ui/states';
import { useDocumentTitle } from '../../lib/ui/use-document-title';
import { useBlog } from './api/get-blog';
import { PostImage } from './post-image';
import './info.css';

/** /blogs/{slug}: one post; an unknown slug is the 404 page. */
export function BlogPage() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const { slug = '' } = useParams();
  const valid = SlugSchema.safeParse(slug).success;
  const post = useBlog(slug, valid);
  useDocumentTitle(post.data?.data.title ?? t('info.blog.title'));

  if (!valid || (post.isError && isApiError(post.error) && post.error.status === 404)) {
    return <NotFoundContent />;
  }
  const back = (
    <Link className="post__back" to={buildPath(lang, 'blogs')}>
      <ChevronLeftIcon size={18} />
      {t('info.blogs.title')}
    </Link>
  );
  if (post.isError && !post.data) {
    return (
      <div className="info">
        {back}
        <ErrorState
          message={errorMessage(t, post.error)}
          onRetry={() => void post.refetch()}
          retrying={post.isFetching}
        />
      </div>
    );
  }
  if (!post.data) {
    // The outline the server draws on a full load, the same boxes.
    return (
      <div role="status" aria-label={t('common.loading')}>
        <OutlineBoxes outline={FIRST_PAINT_OUTLINES.blog} />
      </div>
    );
  }
  const data = post.data.data;
  const date = formatDate(data.published_at, lang);
  return (
    <article className="post">
      {back}
      <header className="post__header">
        <h1>{data.title}</h1>
        {date && (
          <time className="post__date" dateTime={data.published_at}>
            {date}
          </time>
        )}
      </header>
      {data.image && <PostImage image={data.image} className="post__image" slot="post" priority />}
      <Prose body={data.body} />
    </article>
  );
}
