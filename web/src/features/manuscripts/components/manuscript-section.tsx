/**
 * The task page's 「原稿」 section: create the task's manuscript (the server decides who may and
 * for which task types; its refusal is shown), open it, and for `canIssueLinks` the editor links
 * (issue with a permission and a lifetime, copy the URL, revoke). No editor code here: the task
 * page does not load TipTap.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { Inline, List, ListRow } from '@/components/list';
import { Modal } from '@/components/modal';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { href } from '@/config/paths';
import { AppError, NotFoundError } from '@/lib/errors';
import { formatDateTime, formatNumber } from '@/lib/format';
import { manuscriptsApi } from '../api';
import { PERMISSION_LABEL, type IssuedManuscriptLink, type Manuscript, type ManuscriptLink, type Permission } from '../types';

const asError = (failure: unknown, fallback: string) => (failure instanceof AppError ? failure : new AppError(fallback));

export function ManuscriptSection({ taskId }: { taskId: number }) {
  // undefined: loading; null: the task has none (or the viewer may not see it).
  const [manuscript, setManuscript] = useState<Manuscript | null | undefined>(undefined);
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [linksOpen, setLinksOpen] = useState(false);

  useEffect(() => {
    let live = true;
    manuscriptsApi.ofTask(taskId).then(
      (found) => live && setManuscript(found),
      (failure: unknown) => {
        if (!live) return;
        if (failure instanceof NotFoundError) setManuscript(null);
        else setError(asError(failure, '原稿の取得に失敗しました'));
      },
    );
    return () => {
      live = false;
    };
  }, [taskId]);

  const create = async () => {
    setBusy(true);
    setError(null);
    try {
      setManuscript(await manuscriptsApi.create(taskId));
    } catch (failure) {
      setError(asError(failure, '原稿を作成できませんでした'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Panel title="原稿" testId="manuscript-section">
      <ErrorAlert error={error} />
      {manuscript === undefined && !error && <Muted>読み込み中…</Muted>}
      {manuscript === null && (
        <>
          <Muted>このタスクの原稿はまだありません。</Muted>
          <Button type="button" $variant="primary" disabled={busy} onClick={() => void create()} data-testid="manuscript-create">
            原稿を作成
          </Button>
        </>
      )}
      {manuscript && (
        <>
          <p>
            {manuscript.title}
            <br />
            <small>
              {formatNumber(manuscript.counts.total)}文字（句読点を除く {formatNumber(manuscript.counts.withoutPunctuation)}文字）・更新 {formatDateTime(manuscript.updatedAt)}・権限: {PERMISSION_LABEL[manuscript.permission]}
            </small>
          </p>
          <Inline>
            <Link to={href('manuscript', { manuscriptId: manuscript.id })} data-testid="manuscript-open">
              原稿を開く
            </Link>
            {manuscript.canIssueLinks && (
              <Button type="button" $size="sm" onClick={() => setLinksOpen(true)} data-testid="manuscript-links-open">
                編集リンク
              </Button>
            )}
          </Inline>
          {linksOpen && <LinkDialog manuscriptId={manuscript.id} onClose={() => setLinksOpen(false)} />}
        </>
      )}
    </Panel>
  );
}

const PERMISSIONS: { value: Permission; label: string; description: string }[] = [
  { value: 'edit', label: '編集', description: '本文を直接書き換えられます' },
  { value: 'suggest', label: '提案', description: '本文に手を入れて提案できます' },
  { value: 'comment', label: 'コメント', description: '読むことだけができます' },
];
const LIFETIMES = [
  { value: '1', label: '1時間' },
  { value: '24', label: '24時間' },
  { value: '168', label: '7日' },
  { value: '720', label: '30日' },
];

const UrlBox = styled.input`
  width: 100%;
  padding: 8px;
  margin: 8px 0;
  font-family: monospace;
`;

/** `/editor?token=…` as a full address to send to someone. */
const absolute = (url: string) => new URL(url, window.location.origin).toString();

function LinkDialog({ manuscriptId, onClose }: { manuscriptId: number; onClose: () => void }) {
  const [permission, setPermission] = useState<Permission>('comment');
  const [hours, setHours] = useState('24');
  const [created, setCreated] = useState<IssuedManuscriptLink | null>(null);
  const [links, setLinks] = useState<ManuscriptLink[] | null>(null);
  const [copied, setCopied] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<AppError | null>(null);
  const [openedAt] = useState(() => Date.now());

  useEffect(() => {
    let live = true;
    manuscriptsApi.links(manuscriptId).then(
      (list) => live && setLinks(list),
      (failure: unknown) => live && setError(asError(failure, 'リンクの一覧を取得できませんでした')),
    );
    return () => {
      live = false;
    };
  }, [manuscriptId]);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(asError(failure, fallback));
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    run(async () => {
      const link = await manuscriptsApi.createLink(manuscriptId, { permission, expiresInHours: Number(hours) });
      setCreated(link);
      setCopied(false);
      setLinks((list) => [link, ...(list ?? [])]);
    }, 'リンクを作成できませんでした');
  const revoke = (link: ManuscriptLink) =>
    run(async () => {
      await manuscriptsApi.revokeLink(manuscriptId, link.id);
      setLinks(await manuscriptsApi.links(manuscriptId));
      if (created?.id === link.id) setCreated(null);
    }, 'リンクを取り消せませんでした');
  const copy = async () => {
    if (!created) return;
    if (!created.url) return;
    await navigator.clipboard?.writeText(absolute(created.url)).catch(() => undefined);
    setCopied(true);
  };

  return (
    <Modal title="編集リンク" onClose={onClose} width={640} testId="manuscript-link-dialog">
      <Muted>リンクを知っている方が、ログインして自分の権限の範囲でこの原稿を開けます（リンクの権限より広くはなりません）。</Muted>
      <ErrorAlert error={error} />
      <RadioCards legend="権限" options={PERMISSIONS} value={permission} onChange={(value) => setPermission(value as Permission)} minCardWidth={150} />
      <RadioCards legend="有効期間" options={LIFETIMES} value={hours} onChange={setHours} minCardWidth={100} />
      <Button type="button" $variant="primary" disabled={busy} onClick={() => void create()} data-testid="manuscript-link-create">
        リンクを作成
      </Button>
      {created?.url && (
        <div>
          <UrlBox readOnly value={absolute(created.url)} aria-label="編集リンクのURL" onFocus={(e) => e.currentTarget.select()} data-testid="manuscript-link-url" />
          <Button type="button" $size="sm" onClick={() => void copy()}>
            {copied ? 'コピーしました' : 'URLをコピー'}
          </Button>
          <Muted>このURLは今だけ表示されます。</Muted>
        </div>
      )}
      <h3>発行済みのリンク</h3>
      {links?.length === 0 && <Muted>発行済みのリンクはありません。</Muted>}
      <List data-testid="manuscript-links">
        {(links ?? []).map((link) => (
          <ListRow key={link.id}>
            <div>
              <Badge $tone={link.revokedAt ? 'muted' : 'brand'}>{PERMISSION_LABEL[link.permission]}</Badge> {link.createdByName}
              <br />
              <small>
                {link.revokedAt
                  ? `取り消し済み（${formatDateTime(link.revokedAt)}）`
                  : `${Date.parse(link.expiresAt) <= openedAt ? '期限切れ' : '有効期限'} ${formatDateTime(link.expiresAt)}`}
              </small>
            </div>
            {!link.revokedAt && Date.parse(link.expiresAt) > openedAt && (
              <Button type="button" $size="xsm" $variant="warning" $outlined disabled={busy} onClick={() => void revoke(link)}>
                取り消す
              </Button>
            )}
          </ListRow>
        ))}
      </List>
      <Inline style={{ justifyContent: 'flex-end', marginTop: 16 }}>
        <Button type="button" onClick={onClose}>
          閉じる
        </Button>
      </Inline>
    </Modal>
  );
}
