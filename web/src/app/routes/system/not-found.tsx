import { Link } from 'react-router';
import styled from 'styled-components';
import { NoIndex } from '@/components/no-index';
import { theme } from '@/theme/theme';

const Wrap = styled.main`
  position: relative;
  z-index: ${theme.layer.notFound};
  text-align: center;
  padding: 15vh 16px;
`;

export default function NotFoundRoute() {
  return (
    <Wrap>
      <NoIndex />
      <h1>ページが見つかりません</h1>
      <p>お探しのページは移動または削除された可能性があります。</p>
      <Link to="/">トップページへ戻る</Link>
    </Wrap>
  );
}
