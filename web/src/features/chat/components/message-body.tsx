import { Fragment, type ReactNode, useMemo } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import { type Inline, parseBody } from '../markup';
import type { Member } from '../types';

const Quote = styled.blockquote`
  margin: 4px 0;
  padding: 2px 10px;
  border-left: 3px solid ${theme.color.border};
  color: ${theme.color.subText};
`;
const Mention = styled.span`
  color: ${theme.color.brandDark};
  background: ${theme.color.brandTint};
  border-radius: 3px;
  padding: 0 2px;
  font-weight: ${theme.font.bold};
`;
const Code = styled.code`
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9em;
  background: ${theme.color.code};
  border: 1px solid ${theme.color.border};
  border-radius: 3px;
  padding: 0 3px;
`;
const Pre = styled.pre`
  margin: 4px 0;
  padding: 8px 10px;
  background: ${theme.color.code};
  border: 1px solid ${theme.color.border};
  border-radius: 4px;
  overflow-x: auto;
  white-space: pre;
  font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 0.9em;
`;
const List = styled.ul`
  margin: 2px 0;
  padding-left: 1.5em;
`;

/** Inline markup as React nodes: text stays text, links only http(s) (the parser checked). */
function inline(nodes: Inline[], members: Member[]): ReactNode[] {
  return nodes.map((node, i) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={i}>{node.text}</Fragment>;
      case 'bold':
        return <strong key={i}>{inline(node.children, members)}</strong>;
      case 'code':
        return <Code key={i}>{node.text}</Code>;
      case 'link':
        return (
          <a key={i} href={node.href} target="_blank" rel="noopener noreferrer">
            {node.text}
          </a>
        );
      case 'mention': {
        const member = members.find((m) => m.id === node.userId);
        return <Mention key={i}>@{member ? member.userName : `ユーザー${node.userId}`}</Mention>;
      }
    }
  });
}

/** Renders a message body's markup (`../markup`): quotes, code, lists, bold, links and `<@id>` mentions. */
export function MessageBody({ body, members }: { body: string; members: Member[] }) {
  const parsed = useMemo(() => parseBody(body), [body]);
  const blocks = parsed.map((block, index) => {
    switch (block.type) {
      case 'line':
        return <div key={index}>{inline(block.inline, members)}</div>;
      case 'blank':
        return <div key={index}>{'\u00a0'}</div>;
      case 'quote':
        return <Quote key={index}>{block.lines.map((line, i) => <Fragment key={i}>{i > 0 && <br />}{inline(line, members)}</Fragment>)}</Quote>;
      case 'code':
        return (
          <Pre key={index}>
            <code>{block.text}</code>
          </Pre>
        );
      case 'list':
        return (
          <List key={index} as={block.ordered ? 'ol' : 'ul'} start={block.ordered ? block.start : undefined}>
            {block.items.map((item, i) => <li key={i}>{inline(item, members)}</li>)}
          </List>
        );
    }
  });
  return <div data-testid="message-body">{blocks}</div>;
}
