/**
 * Comparing two texts of a manuscript (two versions, or a version and the current text) and
 * restoring a version. The current text is the editor's (through its handle), followed as it
 * changes; a version's text is the server's walk of its state. Restoring asks first, saves the
 * current text as 「復元前の自動保存」, then sets the version's content in the editor, whose
 * binding sends it as ordinary edits (restore.ts). Only when the server says the caller may
 * (`can_restore`: edit, narrowed by the link).
 */
import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { useConfirm } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Select, type SelectOption } from '@/components/select';
import { formatDateTime } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { manuscriptsApi } from '../api';
import type { Block, EditorHandle, ManuscriptVersion, ManuscriptVersionContent } from '../types';
import { VersionDiff } from './version-diff';

/** The name the text before a restore is saved under. */
export const BEFORE_RESTORE_NAME = '復元前の自動保存';
const CURRENT = 'current';
/** The current text is compared again this long after the last change (typing stays smooth). */
const FOLLOW_MS = 300;

const Choices = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  gap: 12px;
  margin-bottom: 12px;
  > div { margin: 0; }
`;
const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  align-items: center;
  margin-bottom: 12px;
`;

export interface VersionCompareProps {
  manuscriptId: number;
  /** Through an editor link: its token, so `can_restore` follows the link's permission. */
  token?: string;
  /** The mounted editor (null while it loads). */
  editor: EditorHandle | null;
  /** Changes whenever a version was saved here or elsewhere on the page: the list is read again. */
  revision: number;
  /** A version was saved here (the one before a restore). */
  onSaved: () => void;
}

/**
 * The editor's current blocks when `follow`ing them: read just after subscribing (the editor may have taken in the shared
 * document before the subscription, and a read made earlier would show the whole text as removed until the next edit), then
 * again after each change settles. `null` until that first read.
 */
function useCurrentBlocks(editor: EditorHandle | null, follow: boolean): Block[] | null {
  const [changed, setChanged] = useState<{ editor: EditorHandle; blocks: Block[] } | null>(null);
  useEffect(() => {
    if (!editor) return;
    const read = () => setChanged({ editor, blocks: editor.blocks() });
    let timer: ReturnType<typeof setTimeout> | undefined = setTimeout(read, 0);
    const off = editor.subscribe(() => {
      clearTimeout(timer);
      timer = setTimeout(read, FOLLOW_MS);
    });
    return () => {
      clearTimeout(timer);
      off();
    };
  }, [editor]);
  if (!editor || !follow) return null;
  return changed?.editor === editor ? changed.blocks : null;
}

const serverBlocks = (content: ManuscriptVersionContent): Block[] => content.blocks.map((block) => ({ type: block.kind, text: block.text }));

export function VersionCompare({ manuscriptId, token, editor, revision, onSaved }: VersionCompareProps) {
  const [versions, setVersions] = useState<ManuscriptVersion[] | null>(null);
  const [before, setBefore] = useState<string>('');
  const [after, setAfter] = useState<string>(CURRENT);
  const [contents, setContents] = useState<Record<number, ManuscriptVersionContent>>({});
  const [restored, setRestored] = useState<string | null>(null);
  const list = useSubmit((id: number) => manuscriptsApi.versions(id), '版の一覧を読み込めませんでした');
  const read = useSubmit((id: number, versionId: number, linkToken?: string) => manuscriptsApi.version(id, versionId, linkToken), '版の内容を読み込めませんでした');
  const restore = useSubmit((id: number, name: string) => manuscriptsApi.createVersion(id, name), '現在の原稿を保存できなかったため、復元しませんでした');
  const { confirm, dialog } = useConfirm();
  const { run: runList } = list;
  const { run: runRead } = read;

  useEffect(() => {
    void runList(manuscriptId).then((found) => {
      if (!found) return;
      setVersions(found);
      // The newest version against the current text, unless something is chosen already.
      setBefore((chosen) => chosen || (found[0] ? String(found[0].id) : ''));
    });
  }, [runList, manuscriptId, revision]);

  const wanted = [before, after].filter((value) => value && value !== CURRENT).map(Number);
  const missing = wanted.filter((id) => !contents[id]).join(',');
  useEffect(() => {
    if (!missing) return;
    for (const id of missing.split(',').map(Number)) {
      void runRead(manuscriptId, id, token).then((content) => content && setContents((all) => ({ ...all, [content.id]: content })));
    }
  }, [runRead, manuscriptId, token, missing]);

  const current = useCurrentBlocks(editor, before === CURRENT || after === CURRENT);
  const blocksOf = (value: string): Block[] | null => (value === CURRENT ? current : contents[Number(value)] ? serverBlocks(contents[Number(value)]) : null);
  const labelOf = (value: string): string => (value === CURRENT ? '現在の原稿' : (versions?.find((v) => String(v.id) === value)?.name ?? ''));

  if (versions?.length === 0) return <Muted>比較できる版はまだありません。版を保存すると、現在の原稿と比べられます。</Muted>;

  const options: SelectOption[] = [
    { value: CURRENT, label: '現在の原稿' },
    ...(versions ?? []).map((v) => ({ value: String(v.id), label: `${v.name}（${formatDateTime(v.createdAt)}）` })),
  ];
  const beforeBlocks = blocksOf(before);
  const afterBlocks = blocksOf(after);
  // The version a restore would bring back: the older side when it is a version, else the newer.
  const target = [before, after].find((value) => value && value !== CURRENT);
  const targetContent = target ? contents[Number(target)] : undefined;
  const mayRestore = !!editor && !!targetContent?.canRestore;

  const onRestore = async () => {
    if (!targetContent || !editor) return;
    const name = targetContent.name;
    const yes = await confirm({
      title: `「${name}」の内容に戻しますか？`,
      message: `現在の原稿を「${BEFORE_RESTORE_NAME}」として版に保存してから、本文を「${name}」の内容に置き換えます。編集中の全員の画面に反映されます。`,
      confirmLabel: '復元する',
      testId: 'manuscript-restore-confirm',
    });
    if (!yes) return;
    setRestored(null);
    const saved = await restore.run(manuscriptId, BEFORE_RESTORE_NAME);
    if (!saved) return;
    editor.restore(targetContent.state);
    setRestored(name);
    onSaved();
  };

  return (
    <section aria-label="版の比較">
      <Choices>
        <Select label="比較元" options={options} value={before} onChange={setBefore} searchable={false} id="manuscript-compare-before" />
        <Select label="比較先" options={options} value={after} onChange={setAfter} searchable={false} id="manuscript-compare-after" />
      </Choices>
      {mayRestore && (
        <Actions>
          <Button type="button" $variant="warning" $size="sm" onClick={() => void onRestore()} disabled={restore.loading} data-testid="manuscript-restore">
            「{targetContent.name}」に戻す
          </Button>
          {restored && (
            <span role="status" data-testid="manuscript-restored">
              「{restored}」の内容に戻しました。
            </span>
          )}
        </Actions>
      )}
      <ErrorAlert error={restore.error ?? read.error ?? list.error} />
      {before && after && beforeBlocks && afterBlocks ? (
        <VersionDiff before={beforeBlocks} after={afterBlocks} beforeLabel={labelOf(before)} afterLabel={labelOf(after)} />
      ) : (
        before && after && <Muted>読み込み中…</Muted>
      )}
      {dialog}
    </section>
  );
}
