import { NoIndex } from '@/components/no-index';
import { Button } from '@/components/button';

export default function ServerErrorRoute() {
  return (
    <main style={{ textAlign: 'center', padding: '15vh 16px' }}>
      <NoIndex />
      <h1>サーバーエラーが発生しました</h1>
      <p>お手数ですが、ページを再読み込みしてください。</p>
      <Button $variant="primary" onClick={() => window.location.reload()}>
        再読み込み
      </Button>
    </main>
  );
}
