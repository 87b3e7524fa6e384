import styled from 'styled-components';
import { Link } from 'react-router';
import { PageTitle } from '@/components/page';

const Article = styled.article`
  max-width: 760px;
  margin: 40px auto;
  padding: 0 16px;
  h2 { font-size: 16px; margin-top: 24px; }
`;

export function TermsPage() {
  return (
    <Article>
      <PageTitle>利用規約</PageTitle>
      <p>この利用規約は、Tsumugi（以下「本サービス」）の利用条件を定めるものです。登録ユーザーの皆さまには、本規約に従って本サービスをご利用いただきます。</p>
      <h2>第1条（適用）</h2>
      <p>本規約は、ユーザーと運営者との間の本サービスの利用に関わる一切の関係に適用されます。</p>
      <h2>第2条（禁止事項）</h2>
      <p>法令または公序良俗に違反する行為、他のユーザーの情報を不正に取得する行為、本サービスの運営を妨げる行為を禁止します。</p>
      <h2>第3条（報酬の支払い）</h2>
      <p>報酬は検収が完了したタスクについて、所定の締め日と支払日に従ってお支払いします。</p>
      <Link to="/">トップページへ戻る</Link>
    </Article>
  );
}

export function PrivaciesPage() {
  return (
    <Article>
      <PageTitle>プライバシーポリシー</PageTitle>
      <p>運営者は、本サービスにおけるユーザーの個人情報を、以下の方針に従って適切に取り扱います。</p>
      <h2>取得する情報</h2>
      <p>氏名、メールアドレス、振込先口座、プロフィールなど、お仕事の受発注とお支払いに必要な情報を取得します。</p>
      <h2>利用目的</h2>
      <p>本人確認、お仕事のご案内、報酬のお支払い、サービス改善のために利用します。</p>
      <h2 id="cookie">クッキーの利用</h2>
      <p>ログイン状態の保持と利用状況の分析のためにクッキーおよび類似の技術を利用します。</p>
      <Link to="/">トップページへ戻る</Link>
    </Article>
  );
}
