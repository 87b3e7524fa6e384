import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { DataTable } from '@/components/data-table';
import { ErrorAlert } from '@/components/error-alert';
import { Inline } from '@/components/list';
import { Modal } from '@/components/modal';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { PresenceDot } from '@/components/presence-dot';
import { Select } from '@/components/select';
import { TextArea } from '@/components/text-field';
import { href } from '@/config/paths';
import { describeWithLabels } from '@/lib/errors';
import { useCatchUp } from '@/lib/socket';
import { mediaTeamsApi } from '../api';
import { WORK_STATUS_LABEL } from '../labels';
import { useMediaTeams } from '../store';
import type { Member, OfferTemplate } from '../types';
import { StatusBadge } from './status-badge';
import { TeamStar } from './teams-page';

const describe = describeWithLabels({
  offer_template_id: 'テンプレート',
  message: 'メッセージ',
  body: 'メッセージ',
  status: 'ステータス',
  user_ids: 'メンバー',
  private_memo: '社内メモ',
  public_memo: '公開メモ',
  editor_memo: '編集者メモ',
});

/** Choose a template, add the client's words, send the offer. */
function OfferModal({ mediaId, teamId, member, onClose }: { mediaId: number; teamId: number; member: Member; onClose: () => void }) {
  const { run, applyMember, write } = useMediaTeams();
  const [templates, setTemplates] = useState<OfferTemplate[]>([]);
  const [templateId, setTemplateId] = useState('');
  const [message, setMessage] = useState('');
  useEffect(() => {
    void run(() => mediaTeamsApi.templates(), 'オファーテンプレートの取得に失敗しました').then((list) => setTemplates(list ?? []));
  }, [run]);
  const chosen = templates.find((t) => String(t.id) === templateId);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const rows = await run(
      () => mediaTeamsApi.offer(mediaId, teamId, { userIds: [member.id], offerTemplateId: Number(templateId), message }),
      'オファーの送信に失敗しました',
    );
    if (rows) {
      rows.forEach(applyMember);
      onClose();
    }
  };
  return (
    <Modal title={`${member.userName}さんにオファー`} onClose={onClose} width={640} testId="offer-modal">
      <form onSubmit={submit} aria-label="オファー">
        <ErrorAlert error={write.error} describe={describe} />
        <Select label="テンプレート" required value={templateId} onChange={setTemplateId} options={templates.map((t) => ({ value: String(t.id), label: t.name }))} />
        {chosen && <Muted style={{ whiteSpace: 'pre-wrap' }}>{chosen.body}</Muted>}
        <TextArea label="メッセージ" rows={4} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />
        <Inline>
          <Button type="submit" $variant="primary" disabled={write.loading || !templateId}>
            オファーを送る
          </Button>
          <Button type="button" onClick={onClose}>
            キャンセル
          </Button>
        </Inline>
      </form>
    </Modal>
  );
}

function MemoModal({ mediaId, teamId, member, onClose }: { mediaId: number; teamId: number; member: Member; onClose: () => void }) {
  const { run, applyMember, write } = useMediaTeams();
  const [privateMemo, setPrivateMemo] = useState(member.privateMemo ?? '');
  const [publicMemo, setPublicMemo] = useState(member.publicMemo);
  const [editorMemo, setEditorMemo] = useState(member.editorMemo ?? '');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { privateMemo, publicMemo, ...(member.editorMemo !== null ? { editorMemo } : {}) };
    const row = await run(() => mediaTeamsApi.updateMember(mediaId, teamId, member.id, input), 'メモの保存に失敗しました');
    if (row) {
      applyMember(row);
      onClose();
    }
  };
  return (
    <Modal title={`${member.userName}さんのメモ`} onClose={onClose} width={640}>
      <form onSubmit={submit} aria-label="メモ">
        <ErrorAlert error={write.error} describe={describe} />
        <TextArea label="社内メモ" hint="クライアントとスタッフだけが読めます" rows={3} maxLength={2000} value={privateMemo} onChange={(e) => setPrivateMemo(e.target.value)} />
        <TextArea label="公開メモ" hint="メンバー本人も読めます" rows={3} maxLength={2000} value={publicMemo} onChange={(e) => setPublicMemo(e.target.value)} />
        {member.editorMemo !== null && <TextArea label="編集者メモ" rows={3} maxLength={2000} value={editorMemo} onChange={(e) => setEditorMemo(e.target.value)} />}
        <Button type="submit" $variant="primary" disabled={write.loading}>
          保存する
        </Button>
      </form>
    </Modal>
  );
}

/** What the caller may do with a member: exactly the moves the server lists. */
function MemberActions({ mediaId, teamId, member, onOffer, onMemo }: { mediaId: number; teamId: number; member: Member; onOffer: () => void; onMemo: () => void }) {
  const { run, applyMember, write, fetchMembers } = useMediaTeams();
  const allowed = new Set(member.allowedTransitions);
  const { confirm, dialog } = useConfirm();
  const withdraw = async () => {
    const rows = await run(() => mediaTeamsApi.declineOffer(mediaId, teamId, [member.id]), 'オファーの取り下げに失敗しました');
    rows?.forEach(applyMember);
  };
  const remove = async () => {
    if (!(await confirm({ title: `${member.userName}さんをチームから外しますか？`, confirmLabel: '外す', testId: 'confirm-remove-member' }))) return;
    if (member.canRemove) {
      const removed = await run(() => mediaTeamsApi.removeMember(mediaId, teamId, member.id), 'メンバーの削除に失敗しました');
      if (removed !== null) await fetchMembers(mediaId, teamId, 1);
    } else {
      const row = await run(() => mediaTeamsApi.updateMember(mediaId, teamId, member.id, { status: 'left' }), 'メンバーの更新に失敗しました');
      if (row) applyMember(row);
    }
  };
  const small = { $size: 'xsm' as const, $minWidth: 0 };
  return (
    <Inline>
      {allowed.has('offered') && (
        <Button type="button" {...small} $variant="primary" onClick={onOffer} aria-label={`${member.userName}さんにオファーする`}>
          オファーする
        </Button>
      )}
      {allowed.has('declined') && (
        <Button type="button" {...small} $variant="warning" $outlined disabled={write.loading} onClick={withdraw} aria-label={`${member.userName}さんへのオファーを取り下げる`}>
          オファー取り下げ
        </Button>
      )}
      {(member.canRemove || allowed.has('left')) && (
        <Button type="button" {...small} $variant="warning" $outlined disabled={write.loading} onClick={remove} aria-label={`${member.userName}さんを外す`}>
          外す
        </Button>
      )}
      <Button type="button" {...small} onClick={onMemo} aria-label={`${member.userName}さんのメモ`}>
        メモ
      </Button>
      {dialog}
    </Inline>
  );
}

function MessageBox({ mediaId, teamId }: { mediaId: number; teamId: number }) {
  const { run, write } = useMediaTeams();
  const [body, setBody] = useState('');
  const [sent, setSent] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const done = await run(() => mediaTeamsApi.message(mediaId, teamId, body), 'メッセージの送信に失敗しました');
    if (done) {
      setBody('');
      setSent(true);
    }
  };
  return (
    <Panel title="メンバーへメッセージ">
      <form onSubmit={submit} aria-label="メンバーへメッセージ">
        <TextArea label="メッセージ" hint="チームのチャット（全体チャンネル）に投稿されます" rows={3} maxLength={10000} value={body} onChange={(e) => { setBody(e.target.value); setSent(false); }} />
        <Inline>
          <Button type="submit" $variant="primary" disabled={write.loading || !body.trim()}>
            送信する
          </Button>
          {sent && <Muted role="status">送信しました。</Muted>}
        </Inline>
      </form>
    </Panel>
  );
}

/** A member's name, after their online dot while they work in the team. */
const MemberName = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 6px;
`;

/** One team of a medium: its members with status, memos and the moves the caller may make; live as creators answer. */
export function MediaTeamPage({ mediaId, teamId }: { mediaId: number; teamId: number }) {
  const { team, members, write, fetchTeam, fetchMembers, fetchPresence } = useMediaTeams();
  const [page, setPage] = useState(1);
  const [offering, setOffering] = useState<Member | null>(null);
  const [memo, setMemo] = useState<Member | null>(null);
  useEffect(() => {
    void fetchTeam(mediaId, teamId);
  }, [fetchTeam, mediaId, teamId]);
  useCatchUp(() => void fetchTeam(mediaId, teamId));
  useEffect(() => {
    void fetchMembers(mediaId, teamId, page);
  }, [fetchMembers, mediaId, teamId, page]);
  useCatchUp(() => void fetchMembers(mediaId, teamId, page));
  // The working members' dots: asked again when someone starts or stops working in the team
  // (their pushes start or stop with it) and after a reconnection; pushes keep them live between.
  const workingKey = members.data.members
    .filter((m) => m.status === 'assignable')
    .map((m) => m.id)
    .join(',');
  useEffect(() => {
    if (workingKey) void fetchPresence(teamId);
  }, [fetchPresence, teamId, workingKey]);
  useCatchUp(() => void fetchPresence(teamId));
  const shown = team.data?.id === teamId ? team.data : null;
  return (
    <>
      <PageTitle>
        {shown?.name ?? 'チーム'} {shown && <TeamStar team={shown} />}
      </PageTitle>
      <ErrorAlert error={team.error ?? members.error ?? write.error} describe={describe} />
      {shown?.description && <Muted style={{ whiteSpace: 'pre-wrap' }}>{shown.description}</Muted>}
      <Panel
        title="メンバー"
        actions={
          <Inline>
            <Link to={href('mediaTeamMemberAdd', { mediaId, teamId })}>メンバーを追加</Link>
            <Link to={href('mediaTeamEdit', { mediaId, teamId })}>チームを編集</Link>
          </Inline>
        }
      >
        {!members.loading && members.data.members.length === 0 && <Muted>メンバーはまだいません。「メンバーを追加」からクリエイターを探せます。</Muted>}
        {members.data.members.length > 0 && (
          <DataTable aria-label="メンバー一覧">
            <thead>
              <tr>
                <th>名前</th>
                <th>ステータス</th>
                <th>受付状況</th>
                <th>メモ</th>
                <th>操作</th>
              </tr>
            </thead>
            <tbody>
              {members.data.members.map((member) => (
                <tr key={member.id} data-testid="team-member-row" data-user-id={member.id}>
                  <td>
                    <MemberName>
                      {member.status === 'assignable' && <PresenceDot userId={member.id} />}
                      <Link to={href('creator', { userId: member.id })}>{member.userName}</Link>
                    </MemberName>
                  </td>
                  <td>
                    <StatusBadge status={member.status} />
                  </td>
                  <td>{WORK_STATUS_LABEL[member.workStatus] ?? ''}</td>
                  <td style={{ whiteSpace: 'normal', maxWidth: 260 }}>
                    {member.privateMemo && <div>社内: {member.privateMemo}</div>}
                    {member.publicMemo && <div>公開: {member.publicMemo}</div>}
                    {member.editorMemo && <div>編集者: {member.editorMemo}</div>}
                  </td>
                  <td>
                    <MemberActions mediaId={mediaId} teamId={teamId} member={member} onOffer={() => setOffering(member)} onMemo={() => setMemo(member)} />
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
        {members.data.lastPage > 1 && <Pager paging={members.data} onPage={setPage} disabled={members.loading} />}
      </Panel>
      <MessageBox mediaId={mediaId} teamId={teamId} />
      {offering && <OfferModal mediaId={mediaId} teamId={teamId} member={offering} onClose={() => setOffering(null)} />}
      {memo && <MemoModal mediaId={mediaId} teamId={teamId} member={memo} onClose={() => setMemo(null)} />}
    </>
  );
}
