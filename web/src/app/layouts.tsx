import type { ReactNode } from 'react';
import styled from 'styled-components';
import type { Layout } from '@/config/paths';
import { theme } from '@/theme/theme';
import { Header } from './header';
import { SideMenu } from './side-menu';

const Content = styled.main`
  max-width: ${theme.size.contentMax}px;
  margin: 0 auto;
  padding: 24px 16px;
`;
const Row = styled.div`
  display: flex;
`;
const Grow = styled.div`
  flex: 1;
  min-width: 0;
`;
const SpContent = styled.main`
  padding: 12px;
`;

/** Wraps a page in its layout: empty, default (header), container (header + side menu), sp (phone). */
export function LayoutFrame({ layout, children }: { layout: Layout; children: ReactNode }) {
  switch (layout) {
    case 'empty':
      return <>{children}</>;
    case 'default':
      return (
        <>
          <Header mobile={false} />
          <Content>{children}</Content>
        </>
      );
    case 'container':
      return (
        <>
          <Header mobile={false} />
          <Row>
            <SideMenu />
            <Grow>
              <Content>{children}</Content>
            </Grow>
          </Row>
        </>
      );
    case 'sp':
      return (
        <>
          <Header mobile />
          <SpContent>{children}</SpContent>
        </>
      );
  }
}
