import type { ReactNode } from 'react';
import styled from 'styled-components';
import { theme } from '@/theme/theme';

const Box = styled.section`
  background: ${theme.color.white};
  border-top: 5px solid ${theme.color.brand};
  border-radius: 4px;
  box-shadow: ${theme.shadow.card};
  margin-bottom: 24px;
`;
const Title = styled.h2`
  margin: 0;
  padding: 16px 20px 0;
  font-size: ${theme.font.xl};
`;
const Content = styled.div`
  padding: 16px 20px;
`;
const Actions = styled.footer`
  padding: 12px 20px 20px;
  display: flex;
  gap: 12px;
  justify-content: flex-end;
`;

/** `level` 1 when the panel is the whole page (the public account pages): its title is the page's main heading. */
export function Panel({ title, children, actions, testId, level = 2 }: { title: ReactNode; children: ReactNode; actions?: ReactNode; testId?: string; level?: 1 | 2 }) {
  return (
    <Box data-testid={testId}>
      <Title as={level === 1 ? 'h1' : 'h2'}>{title}</Title>
      <Content>{children}</Content>
      {actions && <Actions>{actions}</Actions>}
    </Box>
  );
}
