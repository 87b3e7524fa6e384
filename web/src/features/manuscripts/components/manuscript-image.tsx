/**
 * Images in the manuscript. An uploaded image's `src` is its file's download path
 * (`/api/files/{id}`, as `POST /manuscripts/{id}/images` answers it), which needs the session's
 * token: the node view shows it from an object URL (`lib/file-object-url.ts`), for everyone who
 * opens the manuscript later too. An http(s) image is shown as it is; any other address is not
 * loaded at all, only named. An image a suggester inserted is framed as their suggestion until
 * it is accepted or rejected (`suggestions.ts`).
 */
import ImageNode from '@tiptap/extension-image';
import { NodeViewWrapper, ReactNodeViewRenderer, type ReactNodeViewProps } from '@tiptap/react';
import styled from 'styled-components';
import { fileIdOfPath, useFileObjectUrl } from '@/lib/file-object-url';
import { theme } from '@/theme/theme';
import { KIND_LABEL } from '../suggestions';

const Figure = styled.figure<{ $selected: boolean }>`
  margin: 12px 0;
  &[data-suggestion-id] {
    padding: 4px;
    border: 2px dashed ${theme.color.info};
    background: ${theme.color.suggestedInsertion};
  }
  figcaption { font-size: ${theme.font.sm}; color: ${theme.color.info}; }
  img {
    display: block;
    max-width: 100%;
    outline: ${(p) => (p.$selected ? `2px solid ${theme.color.info}` : 'none')};
  }
`;
const Placeholder = styled.span`
  display: inline-block;
  padding: 24px 16px;
  border: 1px dashed ${theme.color.border};
  border-radius: 4px;
  color: ${theme.color.subText};
  font-size: ${theme.font.sm};
`;

const isWebAddress = (src: string) => /^https?:\/\//i.test(src.trim());

function StoredImage({ fileId, alt }: { fileId: number; alt: string }) {
  const shown = useFileObjectUrl(fileId);
  if (shown.status === 'ready') return <img src={shown.url} alt={alt} data-testid="manuscript-image" />;
  if (shown.status === 'loading') return <Placeholder role="img" aria-label={alt} aria-busy="true">画像を読み込んでいます…</Placeholder>;
  return <Placeholder role="img" aria-label={alt}>画像を表示できません（{alt || '名前なし'}）</Placeholder>;
}

export function ManuscriptImageView({ node, selected }: ReactNodeViewProps) {
  const src = String(node.attrs.src ?? '');
  const alt = String(node.attrs.alt ?? '');
  const fileId = fileIdOfPath(src);
  const suggestionId = String(node.attrs.suggestionId ?? '');
  const suggestedBy = suggestionId ? `${String(node.attrs.authorName ?? '')}さんの提案（${KIND_LABEL.insertion}）` : null;
  return (
    <NodeViewWrapper as="div">
      <Figure $selected={selected} data-suggestion-id={suggestionId || undefined} title={suggestedBy ?? undefined}>
        {fileId !== null ? (
          <StoredImage fileId={fileId} alt={alt} />
        ) : isWebAddress(src) ? (
          <img src={src} alt={alt} data-testid="manuscript-image" />
        ) : (
          <Placeholder role="img" aria-label={alt}>画像を表示できません（{alt || '名前なし'}）</Placeholder>
        )}
        {suggestedBy && <figcaption>{suggestedBy}</figcaption>}
      </Figure>
    </NodeViewWrapper>
  );
}

/**
 * The schema's image node (as the server's document model reads it: `src`, `alt`), drawn by the
 * view above. Its plain HTML names a stored file's path as `data-file-src`, never as `src`: the
 * editor falls back to that HTML when its node views are taken down (TipTap does so when the page
 * is left), and an `<img src>` there would ask for the file without the token (a 401).
 */
export const ManuscriptImage = ImageNode.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      src: {
        default: null,
        parseHTML: (element: HTMLElement) => element.getAttribute('data-file-src') ?? element.getAttribute('src'),
        renderHTML: ({ src }: Record<string, unknown>) =>
          typeof src === 'string' && fileIdOfPath(src) !== null ? { 'data-file-src': src } : { src },
      },
    };
  },
  parseHTML() {
    return [...(this.parent?.() ?? []), { tag: 'img[data-file-src]' }];
  },
  addNodeView() {
    return ReactNodeViewRenderer(ManuscriptImageView);
  },
});
