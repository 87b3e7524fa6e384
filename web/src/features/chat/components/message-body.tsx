import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';
import type { Member } from '../types';

const Quote = styled.blockquote`
  margin: 4px 0;
  padding: 2px 10px;
  border-left: 3px solid ${theme.color.border};
  color: ${theme.color.subText};
`;
const Mention = styled.span`
  color: ${theme.color.brandDark};
  background: #e7f5ec;
  border-radius: 3px;
  padding: 0 2px;
  font-weight: ${theme.font.bold};
`;

const TOKEN = /(https?:\/\/[^\s<>"]+)|<@(\d+)>/g;

/** Links and mentions inside one line, as React nodes (never as HTML). */
function inline(text: string, members: Member[]): ReactNode[] {
  const nodes: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TOKEN)) {
    if (match.index > last) nodes.push(text.slice(last, match.index));
    if (match[1]) {
      nodes.push(
        <a key={match.index} href={match[1]} target="_blank" rel="noopener noreferrer">
          {match[1]}
        </a>,
      );
    } else {
      const member = members.find((m) => m.id === Number(match[2]));
      nodes.push(<Mention key={match.index}>@{member ? member.userName : `ユーザー${match[2]}`}</Mention>);
    }
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(text.slice(last));
  return nodes;
}

/** Renders a message body: `> ` quote lines, links and `<@id>` mentions. */
export function MessageBody({ body, members }: { body: string; members: Member[] }) {
  const lines = body.split('\n');
  const blocks: ReactNode[] = [];
  let quote: string[] = [];
  const flushQuote = (key: number) => {
    if (!quote.length) return;
    blocks.push(<Quote key={`q${key}`}>{quote.map((line, i) => <Fragment key={i}>{i > 0 && <br />}{inline(line, members)}</Fragment>)}</Quote>);
    quote = [];
  };
  lines.forEach((line, index) => {
    if (line.startsWith('>')) {
      quote.push(line.replace(/^>\s?/, ''));
      return;
    }
    flushQuote(index);
    blocks.push(<div key={index}>{line ? inline(line, members) : '\u00a0'}</div>);
  });
  flushQuote(lines.length);
  return <div data-testid="message-body">{blocks}</div>;
}
