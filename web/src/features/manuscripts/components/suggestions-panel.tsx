/**
 * The suggestions beside the manuscript (提案, issue 44): each insertion and deletion with its
 * author and text; 「承認」「却下」 one by one and 「すべて承認」「すべて却下」 for a holder of `edit`;
 * the 「提案モード」 switch for a holder of `edit` (one with `suggest` always suggests). The list
 * is read from the shared document, so it follows everyone's suggestions live.
 */
import { useEffect, useMemo, useState } from 'react';
import { useEditorState, type Editor } from '@tiptap/react';
import type { Node as PmNode } from '@tiptap/pm/model';
import styled, { css } from 'styled-components';
import { Button } from '@/components/button';
import { formatDateTime } from '@/lib/format';
import { theme } from '@/theme/theme';
import { collectSuggestions, isSuggesting, KIND_LABEL, type Suggestion } from '../suggestions';
import type { Permission } from '../types';

/** The marks in the text: colour, and underline or strike-through for who does not see colour. */
export const suggestionMarkStyles = css`
  ins.suggestion-insertion {
    color: ${theme.color.info};
    background: ${theme.color.suggestedInsertion};
    text-decoration: underline;
    text-decoration-thickness: 2px;
  }
  del.suggestion-deletion {
    color: ${theme.color.alert};
    background: ${theme.color.suggestedDeletion};
    text-decoration: line-through;
    text-decoration-thickness: 2px;
  }
`;

const Box = styled.section`
  margin-top: 24px;
  font-size: ${theme.font.md};
  h2 { font-size: ${theme.font.lg}; margin: 0 0 8px; }
  ul { list-style: none; margin: 0; padding: 0; }
  li { padding: 8px 0; border-bottom: 1px solid ${theme.color.border}; }
  ${suggestionMarkStyles}
`;
const Row = styled.div<{ $gapBelow?: boolean }>`
  display: flex;
  margin-bottom: ${(p) => (p.$gapBelow ? '8px' : '0')};
  gap: 8px;
  flex-wrap: wrap;
  align-items: center;
`;
const Who = styled.div`
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;
const Excerpt = styled.p`
  margin: 4px 0;
  overflow-wrap: anywhere;
`;
const Switch = styled.label`
  display: flex;
  gap: 6px;
  align-items: center;
  margin-bottom: 8px;
  cursor: pointer;
`;
const Note = styled.p`
  margin: 0 0 8px;
  font-size: ${theme.font.sm};
  color: ${theme.color.subText};
`;

/** Whether the editor is in suggestion mode (the toolbar hides its formatting then: not tracked). */
export function useSuggesting(editor: Editor | null): boolean {
  return useEditorState({ editor, selector: ({ editor: e }) => (e ? isSuggesting(e.state) : false) }) ?? false;
}

const EXCERPT_MAX = 40;
const excerpt = (text: string) => (text.length > EXCERPT_MAX ? `${text.slice(0, EXCERPT_MAX)}…` : text);

export function SuggestionsPanel({ editor, permission }: { editor: Editor; permission: Permission }) {
  const [modeOn, setModeOn] = useState(false);
  const suggesting = permission === 'suggest' || (permission === 'edit' && modeOn);
  const canResolve = permission === 'edit';

  useEffect(() => {
    if (isSuggesting(editor.state) !== suggesting) editor.commands.setSuggesting(suggesting);
  }, [editor, suggesting]);

  // The document changes with every keystroke; the list is read again only when it did.
  const doc = useEditorState<PmNode>({ editor, selector: ({ editor: e }) => e.state.doc, equalityFn: (a, b) => a === b });
  const suggestions = useMemo(() => (doc ? collectSuggestions(doc) : []), [doc]);

  const resolve = (s: Suggestion, accept: boolean) => editor.chain().resolveSuggestion(s.kind, s.suggestionId, accept).run();

  return (
    <Box aria-labelledby="manuscript-suggestions-title">
      <h2 id="manuscript-suggestions-title">
        提案 <span data-testid="manuscript-suggestion-count">{suggestions.length}</span>件
      </h2>
      {permission === 'edit' && (
        <Switch>
          <input type="checkbox" role="switch" checked={modeOn} onChange={(e) => setModeOn(e.target.checked)} data-testid="manuscript-suggest-mode" />
          提案モード
        </Switch>
      )}
      {suggesting && <Note data-testid="manuscript-suggesting">入力と削除は提案として記録されます（書式は変えられません）</Note>}
      {canResolve && suggestions.length > 0 && (
        <Row $gapBelow>
          <Button type="button" $variant="primary" $size="sm" $minWidth={100} onClick={() => editor.chain().resolveAllSuggestions(true).run()} data-testid="manuscript-suggestions-accept-all">
            すべて承認
          </Button>
          <Button type="button" $size="sm" $minWidth={100} onClick={() => editor.chain().resolveAllSuggestions(false).run()}>
            すべて却下
          </Button>
        </Row>
      )}
      {suggestions.length === 0 ? (
        <Note>提案はありません</Note>
      ) : (
        <ul data-testid="manuscript-suggestions">
          {suggestions.map((s) => {
            const label = `${s.authorName}さんの${KIND_LABEL[s.kind]}「${excerpt(s.text)}」`;
            return (
              <li key={`${s.kind}:${s.suggestionId}`} data-testid="manuscript-suggestion" data-kind={s.kind}>
                <Who>
                  {s.authorName} ・ {KIND_LABEL[s.kind]}
                  {s.time && ` ・ ${formatDateTime(s.time)}`}
                </Who>
                <Excerpt>{s.kind === 'insertion' ? <ins className="suggestion-insertion">{excerpt(s.text)}</ins> : <del className="suggestion-deletion">{excerpt(s.text)}</del>}</Excerpt>
                {canResolve && (
                  <Row>
                    <Button type="button" $variant="primary" $outlined $size="xsm" $minWidth={64} aria-label={`${label}を承認`} onClick={() => resolve(s, true)}>
                      承認
                    </Button>
                    <Button type="button" $size="xsm" $minWidth={64} aria-label={`${label}を却下`} onClick={() => resolve(s, false)}>
                      却下
                    </Button>
                  </Row>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Box>
  );
}
