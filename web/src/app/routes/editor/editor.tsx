/**
 * /editor?token=…: the editor link. The token is checked as spec section 5 says; a refused link
 * shows the spec's message (section 8), a valid one names the manuscript it opens. The live
 * manuscript editor itself comes with its own issue; until then the page says so.
 */
import { useLocation } from 'react-router';
import styled from 'styled-components';
import { Article } from '@/components/article';
import { NoIndex } from '@/components/no-index';
import { Muted, PageTitle } from '@/components/page';
import { checkEditorToken } from '@/lib/editor-token';
import { theme } from '@/theme/theme';

const Refusal = styled.p`
  color: ${theme.color.alert};
  font-weight: ${theme.font.bold};
`;

/** What the payload names, as 「原稿ID 7・タスクID 12」 (positive integer ids only). */
const NAMED: [key: string, label: string][] = [
  ['manuscript_id', '原稿ID'],
  ['task_id', 'タスクID'],
  ['project_id', 'プロジェクトID'],
];

function describeDocument(payload: Record<string, unknown>): string | null {
  const parts = NAMED.flatMap(([key, label]) => {
    const id = payload[key];
    return typeof id === 'number' && Number.isInteger(id) && id > 0 ? [`${label} ${id}`] : [];
  });
  return parts.length ? parts.join('・') : null;
}

export default function EditorRoute() {
  const { search } = useLocation();
  const check = checkEditorToken(search);
  return (
    <Article data-testid="editor-link">
      {/* The link carries a credential: search engines must not keep it. */}
      <NoIndex />
      <PageTitle>原稿エディタ</PageTitle>
      {check.valid ? (
        <>
          <p data-testid="editor-document">{describeDocument(check.payload) ?? 'このリンクの原稿'}</p>
          <Muted>原稿エディタは準備中です。公開後はこのリンクから原稿を開けます。</Muted>
        </>
      ) : (
        <Refusal role="alert" data-testid="editor-link-error">
          {check.message}
        </Refusal>
      )}
    </Article>
  );
}
