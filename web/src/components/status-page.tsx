/** The one 403 page and the one 404 page; each route draws them inside its own frame (header and navigation). */
import { Link } from 'react-router';
import styled from 'styled-components';
import { href } from '@/config/paths';
import { ForbiddenError, NotFoundError } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { NoIndex } from './no-index';

const Wrap = styled.section`
  position: relative;
  z-index: ${theme.layer.notFound};
  text-align: center;
  padding: 10vh 16px;
  h1 { font-size: ${theme.font.xxl}; margin: 8px 0 12px; }
  p { color: ${theme.color.subText}; margin: 0 0 24px; }
`;
const Code = styled.div`
  font-size: 48px;
  font-weight: ${theme.font.bold};
  color: ${theme.color.second};
  line-height: 1;
`;

function StatusPage({ code, title, message, testId }: { code: number; title: string; message: string; testId: string }) {
  return (
    <Wrap aria-labelledby={`${testId}-title`} data-testid={testId}>
      {code === 404 && <NoIndex />}
      <Code aria-hidden>{code}</Code>
      <h1 id={`${testId}-title`}>{title}</h1>
      <p>{message}</p>
      <Link to={href('login')}>トップページへ戻る</Link>
    </Wrap>
  );
}

export const FORBIDDEN_TITLE = 'アクセスが許可されていません';

export function ForbiddenPage() {
  return <StatusPage code={403} title={FORBIDDEN_TITLE} message="このページを表示する権限がありません。必要な場合は管理者にお問い合わせください。" testId="forbidden-page" />;
}

export function NotFoundPage() {
  return <StatusPage code={404} title="ページが見つかりません" message="お探しのページは移動または削除された可能性があります。" testId="not-found-page" />;
}

/** The status page for a refused (403) or missing (404) record, or null for any other outcome. */
export function deniedPage(error: unknown) {
  if (error instanceof ForbiddenError) return <ForbiddenPage />;
  if (error instanceof NotFoundError) return <NotFoundPage />;
  return null;
}
