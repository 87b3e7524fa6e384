import { Link } from 'react-router';
import { Article } from '@/components/article';
import { PageTitle } from '@/components/page';

export default function TermsRoute() {
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
