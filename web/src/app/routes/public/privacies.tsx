import { Link } from 'react-router';
import { Article } from '@/components/article';
import { PageTitle } from '@/components/page';

export default function PrivaciesRoute() {
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
