import { Link } from 'react-router';
import styled from 'styled-components';
import { Article } from '@/components/article';
import { PageTitle } from '@/components/page';
import { href } from '@/config/paths';
import { theme } from '@/theme/theme';
import type { HelpDocument } from '../types';

/** The notice on every sample document (legal texts the operator has not written yet). */
export const PLACEHOLDER_NOTICE = 'この文書はサンプルです。正式な文面は運営者が定めます。';

const Notice = styled.p`
  padding: 10px 14px;
  border: 1px solid ${theme.color.warning};
  border-radius: 4px;
  background: ${theme.color.cautionTint};
  font-weight: ${theme.font.bold};
`;
const Contents = styled.nav`
  margin: 16px 0 24px;
  padding: 12px 16px;
  background: ${theme.color.background};
  border-radius: 4px;
  h2 { margin: 0 0 8px; font-size: ${theme.font.md}; }
  ol { margin: 0; padding-left: 20px; }
  li { margin: 2px 0; }
  /* Each entry is a target of at least 24 px (WCAG 2.2 target size). */
  a { display: inline-block; min-height: 24px; line-height: 24px; }
`;
const Section = styled.section`
  scroll-margin-top: ${theme.size.headerDesktop + 8}px;
  ul, ol { padding-left: 20px; }
  li { margin: 4px 0; }
`;

/** A document page: title, placeholder notice, table of contents, numbered sections. */
export function DocumentPage({ document }: { document: HelpDocument }) {
  return (
    <Article>
      <PageTitle>{document.title}</PageTitle>
      {document.placeholder && (
        <Notice role="note" data-testid="placeholder-notice">
          {PLACEHOLDER_NOTICE}
        </Notice>
      )}
      <p>{document.lead}</p>
      <Contents aria-labelledby="contents-title">
        <h2 id="contents-title">目次</h2>
        <ol>
          {document.sections.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`}>{section.heading}</a>
            </li>
          ))}
        </ol>
      </Contents>
      {document.sections.map((section) => (
        <Section key={section.id} id={section.id} aria-labelledby={`${section.id}-heading`}>
          <h2 id={`${section.id}-heading`}>{section.heading}</h2>
          {section.paragraphs?.map((text) => <p key={text}>{text}</p>)}
          {section.items &&
            (section.ordered ? (
              <ol>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ol>
            ) : (
              <ul>
                {section.items.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ))}
        </Section>
      ))}
      <p>
        <Link to={href('login')}>トップページへ戻る</Link>
      </p>
    </Article>
  );
}
