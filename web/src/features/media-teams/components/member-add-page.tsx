import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { Inline, List, ListRow } from '@/components/list';
import { Muted, PageTitle } from '@/components/page';
import { Pager } from '@/components/pager';
import { Panel } from '@/components/panel';
import { Select } from '@/components/select';
import { TextField } from '@/components/text-field';
import { describeWithLabels, ruleMessage } from '@/lib/errors';
import { theme } from '@/theme/theme';
import { mediaTeamsApi } from '../api';
import { NOT_ADDABLE_LABEL, WORK_STATUS_LABEL } from '../labels';
import { useMediaTeams } from '../store';
import type { CandidatePage, CreatorQuery, GenreGroupOption, NotAddable } from '../types';

const Reason = styled.small`
  color: ${theme.color.subText};
  font-weight: ${theme.font.bold};
`;

/** A refused addition names each creator (`user_ids.2` is the third one sent) and says why. */
const describeFor = (sent: string[]) =>
  describeWithLabels({ user_ids: 'クリエイター' }, (field, rule) => {
    const index = /^user_ids\.(\d+)$/.exec(field)?.[1];
    const message = NOT_ADDABLE_LABEL[rule as NotAddable] ?? ruleMessage(rule);
    const name = index === undefined ? undefined : sent[Number(index)];
    return name ? `${name}: ${message}` : message;
  });
const WORK_STATUSES = ['accepting', 'conditionally_accepting', 'not_accepting'];
const Fieldset = styled.fieldset`
  border: none;
  margin: 0 0 12px;
  padding: 0;
  legend { font-weight: bold; margin-bottom: 4px; }
`;

/** Finds creators (words, genre, work status — `GET /users/search`), selects several and adds them to the team as temporary members. */
export function MemberAddPage({ mediaId, teamId, onAdded }: { mediaId: number; teamId: number; onAdded: () => void }) {
  const { run, write } = useMediaTeams();
  const [words, setWords] = useState('');
  const [genreId, setGenreId] = useState('');
  const [workStatuses, setWorkStatuses] = useState<string[]>([]);
  const [query, setQuery] = useState<CreatorQuery>({ page: 1 });
  const [result, setResult] = useState<{ query: CreatorQuery; found: CandidatePage | null } | null>(null);
  const [groups, setGroups] = useState<GenreGroupOption[]>([]);
  const [selected, setSelected] = useState<Map<number, string>>(new Map());
  const [sentNames, setSentNames] = useState<string[]>([]);

  useEffect(() => {
    void run(() => mediaTeamsApi.searchOptions(), '検索条件の取得に失敗しました').then((options) => setGroups(options?.genreGroups ?? []));
  }, [run]);
  useEffect(() => {
    void run(() => mediaTeamsApi.candidates(mediaId, teamId, query), 'クリエイターの検索に失敗しました').then((found) => setResult((last) => ({ query, found: found ?? last?.found ?? null })));
  }, [run, mediaId, teamId, query]);
  const searching = result?.query !== query;
  const found = result?.found ?? null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ words: words.trim() || undefined, genreIds: genreId ? [Number(genreId)] : undefined, workStatuses: workStatuses.length ? workStatuses : undefined, page: 1 });
  };
  const toggle = (id: number, name: string) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(id)) next.delete(id);
      else next.set(id, name);
      return next;
    });
  const add = async () => {
    setSentNames([...selected.values()]);
    const added = await run(() => mediaTeamsApi.addMembers(mediaId, teamId, [...selected.keys()]), 'メンバーの追加に失敗しました');
    if (added) onAdded();
  };
  const genreOptions = groups.flatMap((group) => group.genres.map((genre) => ({ value: String(genre.id), label: `${group.name} / ${genre.name}` })));

  return (
    <>
      <PageTitle>メンバー追加</PageTitle>
      <ErrorAlert error={write.error} describe={describeFor(sentNames)} />
      <Panel title="クリエイターを探す">
        <form onSubmit={search} aria-label="検索条件">
          <TextField label="キーワード" value={words} onChange={(e) => setWords(e.target.value)} placeholder="名前・プロフィール・スキル" />
          <Select label="ジャンル" value={genreId} onChange={setGenreId} searchable options={[{ value: '', label: 'すべて' }, ...genreOptions]} />
          <Fieldset>
            <legend>受付状況</legend>
            <Inline>
              {WORK_STATUSES.map((status) => (
                <Checkbox
                  key={status}
                  label={WORK_STATUS_LABEL[status]}
                  checked={workStatuses.includes(status)}
                  onChange={() => setWorkStatuses((list) => (list.includes(status) ? list.filter((s) => s !== status) : [...list, status]))}
                />
              ))}
            </Inline>
          </Fieldset>
          <Button type="submit" $variant="primary" disabled={searching}>
            検索する
          </Button>
        </form>
      </Panel>
      <Panel
        title={found ? `検索結果 ${found.total}人` : '検索結果'}
        actions={
          <Button type="button" $variant="primary" disabled={selected.size === 0 || write.loading} onClick={add}>
            選択した{selected.size}人を仮登録で追加
          </Button>
        }
      >
        {found && found.users.length === 0 && <Muted>条件に合うクリエイターはいません。</Muted>}
        <List aria-label="検索結果">
          {found?.users.map((user) => (
            <ListRow key={user.id} data-testid="found-creator" data-can-add={user.canAdd}>
              <Checkbox
                label={user.userName}
                checked={user.canAdd && selected.has(user.id)}
                disabled={!user.canAdd}
                aria-describedby={user.reason ? `not-addable-${user.id}` : undefined}
                onChange={() => toggle(user.id, user.userName)}
              />
              {user.reason && (
                <Reason id={`not-addable-${user.id}`} data-testid="not-addable-reason">
                  {NOT_ADDABLE_LABEL[user.reason]}
                </Reason>
              )}
              <small>
                {WORK_STATUS_LABEL[user.workStatus] ?? ''}
                {user.prefectureName ? ` ・ ${user.prefectureName}` : ''}
                {user.genres.length > 0 ? ` ・ ${user.genres.slice(0, 3).join('、')}` : ''}
              </small>
            </ListRow>
          ))}
        </List>
        {found && found.lastPage > 1 && <Pager paging={found} onPage={(page) => setQuery((q) => ({ ...q, page }))} disabled={searching} />}
      </Panel>
    </>
  );
}
