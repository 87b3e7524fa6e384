/** A media team's share link for its client: issue (or reissue), copy and revoke. The URL is shown only when issued; only its digest is stored. */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { shareApi } from '../api';
import type { ShareLink, ShareLinkStatus } from '../types';

const UrlBox = styled.input`
  width: 100%;
  padding: 8px;
  margin: 8px 0;
  font-family: monospace;
`;

export function TeamSharePanel({ mediaId, teamId }: { mediaId: number; teamId: number }) {
  const [status, setStatus] = useState<ShareLinkStatus | null>(null);
  const [issued, setIssued] = useState<ShareLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let live = true;
    shareApi.current(mediaId, teamId).then(
      (current) => live && setStatus(current.shareLink),
      (failure: unknown) => live && setError(failure instanceof AppError ? failure : new AppError('共有URLの取得に失敗しました')),
    );
    return () => {
      live = false;
    };
  }, [mediaId, teamId]);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    setCopied(false);
    try {
      await action();
    } catch (failure) {
      setError(failure instanceof AppError ? failure : new AppError(fallback));
    } finally {
      setBusy(false);
    }
  };
  const issue = () =>
    run(async () => {
      const link = await shareApi.issue(mediaId, teamId);
      setIssued(link);
      setStatus({ mediaId, teamId, createdAt: link.createdAt, createdByName: null });
    }, '共有URLの発行に失敗しました');
  const revoke = () =>
    run(async () => {
      await shareApi.revoke(mediaId, teamId);
      setIssued(null);
      setStatus(null);
    }, '共有URLの停止に失敗しました');
  const copy = async () => {
    if (!issued) return;
    await navigator.clipboard?.writeText(issued.url).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Panel
      title="チームの共有URL"
      testId="team-share-panel"
      actions={
        <>
          {status && (
            <Button type="button" $variant="warning" $outlined disabled={busy} onClick={() => void revoke()}>
              共有を停止する
            </Button>
          )}
          <Button type="button" $variant="primary" disabled={busy} onClick={() => void issue()}>
            {status ? 'URLを再発行する' : '共有URLを発行する'}
          </Button>
        </>
      }
    >
      <Muted>URLを知っている社外の方が、ログインせずにこのチームのメンバーと公開プロフィールを閲覧できます（1回の認証につき2時間有効）。</Muted>
      <ErrorAlert error={error} />
      {issued ? (
        <div>
          <UrlBox readOnly value={issued.url} aria-label="共有URL" onFocus={(e) => e.currentTarget.select()} />
          <Button type="button" $size="sm" onClick={() => void copy()}>
            {copied ? 'コピーしました' : 'URLをコピー'}
          </Button>
          <Muted>このURLは今だけ表示されます。再発行すると以前のURLは使えなくなります。</Muted>
        </div>
      ) : status ? (
        <p data-testid="share-status">共有中（{formatDateTime(status.createdAt)} 発行{status.createdByName ? `・${status.createdByName}` : ''}）。URLを再表示するには再発行してください。</p>
      ) : (
        <p data-testid="share-status">共有していません。</p>
      )}
    </Panel>
  );
}
