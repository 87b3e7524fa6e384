/** What staff and clients note about a creator: the staff memo, the client companies' memos, NG combinations and search tags. Each editor loads and saves its own record. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { ErrorAlert } from '@/components/error-alert';
import { Inline, List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { PeoplePicker } from '@/components/people-picker';
import { TextArea } from '@/components/text-field';
import { AppError } from '@/lib/errors';
import { formatDateTime } from '@/lib/format';
import { creatorsApi } from '../api';
import { MEMO_MAX, memoSchema, type MemoFormValues } from '../schema';
import type { ClientMemo, CreatorSearchTag, DirectoryUser, NamedRef, UserRef } from '../types';

const asError = (error: unknown, fallback: string) => (error instanceof AppError ? error : new AppError(fallback));

/** Loads with `load` whenever `key` (the creator) changes; `save` runs a write and keeps what it answers. */
function useRecord<T>(load: () => Promise<T>, key: string, fallback: string) {
  const [loaded, setLoaded] = useState<{ key: string; data: T | null }>({ key: '', data: null });
  const [error, setError] = useState<AppError | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    let live = true;
    loadRef.current().then(
      (data) => live && setLoaded({ key, data }),
      (e: unknown) => live && setError(asError(e, fallback)),
    );
    return () => {
      live = false;
    };
  }, [key, fallback]);
  const save = async (write: () => Promise<T>, failure: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    setSaved(false);
    try {
      const data = await write();
      setLoaded({ key, data });
      setSaved(true);
      return true;
    } catch (e) {
      setError(asError(e, failure));
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { data: loaded.key === key ? loaded.data : null, error, busy, saved, save };
}

const editedBy = (by: UserRef | null, at: string | null) => (at ? `最終更新: ${by?.userName ?? '—'}（${formatDateTime(at)}）` : 'まだ書かれていません');

function MemoForm({ label, initial, busy, saved, onSave }: { label: string; initial: string; busy: boolean; saved: boolean; onSave: (memo: string) => void }) {
  // Checked as it is typed: the count, the message and the disabled button follow every keystroke.
  const form = useForm<MemoFormValues>({ resolver: zodResolver(memoSchema), mode: 'onChange', defaultValues: { memo: initial } });
  const memo = useWatch({ control: form.control, name: 'memo' });
  const tooLong = memo.length > MEMO_MAX;
  const onSubmit = form.handleSubmit((values) => onSave(values.memo));
  return (
    <form onSubmit={(e) => void onSubmit(e)} noValidate>
      <TextArea label={label} rows={5} hint={`${memo.length} / ${MEMO_MAX}文字`} error={form.formState.errors.memo?.message ?? null} {...form.register('memo')} />
      <Inline>
        <Button type="submit" $variant="primary" $size="sm" disabled={busy || tooLong}>
          メモを保存
        </Button>
        {saved && <span role="status">保存しました</span>}
      </Inline>
    </form>
  );
}

/** The one memo the staff share about a creator. */
export function ManagerMemoEditor({ creatorId }: { creatorId: number }) {
  const memo = useRecord(() => creatorsApi.managerMemo(creatorId), String(creatorId), '運営メモの取得に失敗しました');
  return (
    <Panel title="運営メモ（スタッフのみ）" testId="manager-memo">
      <ErrorAlert error={memo.error} />
      {memo.data && (
        <>
          <Muted>{editedBy(memo.data.updatedBy, memo.data.updatedAt)}</Muted>
          <MemoForm
            key={memo.data.updatedAt ?? ''}
            label="運営メモ"
            initial={memo.data.memo}
            busy={memo.busy}
            saved={memo.saved}
            onSave={(text) => void memo.save(() => creatorsApi.saveManagerMemo(creatorId, text), '運営メモの更新に失敗しました')}
          />
        </>
      )}
    </Panel>
  );
}

/** A client company's own memo about a creator (the company's users share it; nobody else sees it). */
export function ClientMemoEditor({ creatorId }: { creatorId: number }) {
  const memos = useRecord(() => creatorsApi.memos(creatorId), String(creatorId), 'メモの取得に失敗しました');
  const own: ClientMemo | undefined = memos.data?.memos[0];
  return (
    <Panel title="メモ（自社のみ閲覧可）" testId="client-memo">
      <ErrorAlert error={memos.error} />
      {memos.data && (
        <>
          <Muted>{editedBy(own?.updatedBy ?? null, own?.updatedAt ?? null)}</Muted>
          <MemoForm
            key={own?.updatedAt ?? ''}
            label="メモ"
            initial={own?.memo ?? ''}
            busy={memos.busy}
            saved={memos.saved}
            onSave={(text) => void memos.save(() => creatorsApi.saveMemo(creatorId, text), 'メモの更新に失敗しました')}
          />
        </>
      )}
    </Panel>
  );
}

/** Every client company's memo about a creator (staff read them). */
export function ClientMemoList({ creatorId }: { creatorId: number }) {
  const memos = useRecord(() => creatorsApi.memos(creatorId), String(creatorId), 'メモの取得に失敗しました');
  return (
    <Panel title="クライアントのメモ" testId="client-memos">
      <ErrorAlert error={memos.error} />
      {memos.data?.memos.length === 0 && <Muted>クライアントのメモはありません。</Muted>}
      <List>
        {memos.data?.memos.map((memo) => (
          <ListRow key={memo.client.id}>
            <div>
              <strong>{memo.client.companyName}</strong>
              <p style={{ whiteSpace: 'pre-wrap', margin: '4px 0' }}>{memo.memo}</p>
              <small>{editedBy(memo.updatedBy, memo.updatedAt)}</small>
            </div>
          </ListRow>
        ))}
      </List>
    </Panel>
  );
}

/** Creators who must not be put together with this one; managers and admins change them. */
export function CombinationsEditor({ creatorId, editable }: { creatorId: number; editable: boolean }) {
  const combos = useRecord(() => creatorsApi.combinations(creatorId), String(creatorId), 'NG組み合わせの取得に失敗しました');
  const [people, setPeople] = useState<DirectoryUser[]>([]);
  const [chosen, setChosen] = useState<number[] | null>(null);
  useEffect(() => {
    if (!editable) return;
    creatorsApi.creators().then(
      (list) => setPeople(list.users.filter((u) => u.id !== creatorId)),
      () => setPeople([]),
    );
  }, [editable, creatorId]);
  const current = combos.data?.users ?? [];
  const value = chosen ?? current.map((u) => u.id);
  const known = new Map<number, string>([...people.map((p) => [p.id, p.userName] as const), ...current.map((u) => [u.id, u.userName] as const)]);
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (await combos.save(() => creatorsApi.saveCombinations(creatorId, value), 'NG組み合わせの更新に失敗しました')) setChosen(null);
  };
  return (
    <Panel title="NG組み合わせ" testId="combinations">
      <Muted>同じチームや案件に入れてはいけないクリエイターです（相手側にも表示されます）。</Muted>
      <ErrorAlert error={combos.error} />
      {combos.data &&
        (editable ? (
          <form onSubmit={(e) => void onSubmit(e)}>
            <PeoplePicker label="NGのクリエイター" people={[...known].map(([id, name]) => ({ id, name }))} value={value} onChange={setChosen} />
            <Inline>
              <Button type="submit" $variant="primary" $size="sm" disabled={combos.busy}>
                NG組み合わせを保存
              </Button>
              {combos.saved && <span role="status">保存しました</span>}
            </Inline>
          </form>
        ) : current.length === 0 ? (
          <Muted>NG組み合わせはありません。</Muted>
        ) : (
          <p>{current.map((u) => u.userName).join('、')}</p>
        ))}
    </Panel>
  );
}

type TagChoice = Record<number, 'none' | 'tag' | 'exclude'>;

const choicesOf = (tags: CreatorSearchTag[]): TagChoice => Object.fromEntries(tags.map((t) => [t.id, t.isExcludeType ? 'exclude' : 'tag']));

/** The search tags on a creator (staff): each tag is off, on, or on as exclude type (the creator does not fit it). */
export function SearchTagsEditor({ creatorId }: { creatorId: number }) {
  const tags = useRecord(() => creatorsApi.creatorTags(creatorId), String(creatorId), 'タグの取得に失敗しました');
  const [all, setAll] = useState<NamedRef[]>([]);
  const [choice, setChoice] = useState<TagChoice | null>(null);
  useEffect(() => {
    creatorsApi.searchTags().then(setAll, () => setAll([]));
  }, []);
  const current = choice ?? choicesOf(tags.data ?? []);
  const set = (id: number, value: TagChoice[number]) => setChoice({ ...current, [id]: value });
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = Object.entries(current)
      .filter(([, value]) => value !== 'none')
      .map(([id, value]) => ({ id: Number(id), isExcludeType: value === 'exclude' }));
    if (await tags.save(() => creatorsApi.saveCreatorTags(creatorId, chosen), 'タグの更新に失敗しました')) setChoice(null);
  };
  return (
    <Panel title="検索タグ（スタッフのみ編集）" testId="search-tags">
      <ErrorAlert error={tags.error} />
      {tags.data && (
        <form onSubmit={(e) => void onSubmit(e)}>
          {all.length === 0 && <Muted>タグがまだありません。</Muted>}
          <List>
            {all.map((tag) => {
              const value = current[tag.id] ?? 'none';
              return (
                <ListRow key={tag.id} $wrap>
                  <Checkbox label={tag.name} checked={value !== 'none'} onChange={(e) => set(tag.id, e.target.checked ? 'tag' : 'none')} />
                  <Checkbox label="除外タイプ" aria-label={`${tag.name}を除外タイプにする`} disabled={value === 'none'} checked={value === 'exclude'} onChange={(e) => set(tag.id, e.target.checked ? 'exclude' : 'tag')} />
                </ListRow>
              );
            })}
          </List>
          <Inline>
            <Button type="submit" $variant="primary" $size="sm" disabled={tags.busy}>
              タグを保存
            </Button>
            {tags.saved && <span role="status">保存しました</span>}
          </Inline>
        </form>
      )}
    </Panel>
  );
}
