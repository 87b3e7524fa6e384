import styled from 'styled-components';

/** A page of running text (terms, privacy policy). */
export const Article = styled.article`
  max-width: 760px;
  margin: 40px auto;
  padding: 0 16px;
  h2 { font-size: 16px; margin-top: 24px; }
`;
