import styled from 'styled-components';

/** Short fields side by side on wide screens, one per row on phones. */
export const FormGrid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  column-gap: 16px;
`;

/** A field and its button on one line (the button sits level with the input, under the label). */
export const InlineForm = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: 0 12px;
  > div:first-child { flex: 1 1 200px; }
  > button { margin-bottom: 16px; }
`;
