/** The manuscript's named versions (「初稿」「修正稿」…): saving the current state under a name, and the list, newest first. */
import { useEffect, useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { ErrorAlert } from '@/components/error-alert';
import { List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { TextField } from '@/components/text-field';
import { formatDateTime, formatNumber } from '@/lib/format';
import { useSubmit } from '@/lib/use-submit';
import { manuscriptsApi } from '../api';
import type { ManuscriptVersion } from '../types';

export const VERSION_NAME_MAX = 50;

const Form = styled.form`
  display: flex;
  gap: 8px;
  align-items: flex-end;
  flex-wrap: wrap;
  margin-bottom: 12px;
  > div { flex: 1 1 200px; margin: 0; }
`;

/** `revision` changes when a version was saved elsewhere (a restore's automatic one): the list is read again; `onSaved` tells the page of one saved here. */
export function VersionsPanel({ manuscriptId, canCreate, revision = 0, onSaved }: { manuscriptId: number; canCreate: boolean; revision?: number; onSaved?: () => void }) {
  const [versions, setVersions] = useState<ManuscriptVersion[] | null>(null);
  const load = useSubmit((id: number) => manuscriptsApi.versions(id), '版の一覧を読み込めませんでした');
  const save = useSubmit((id: number, name: string) => manuscriptsApi.createVersion(id, name), '版を保存できませんでした');
  const [name, setName] = useState('');
  const { run: runLoad } = load;

  useEffect(() => {
    void runLoad(manuscriptId).then((list) => list && setVersions(list));
  }, [runLoad, manuscriptId, revision]);

  const trimmed = name.trim();
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!trimmed || trimmed.length > VERSION_NAME_MAX) return;
    const saved = await save.run(manuscriptId, trimmed);
    if (saved) {
      setVersions((list) => [saved, ...(list ?? [])]);
      setName('');
      onSaved?.();
    }
  };

  return (
    <section aria-label="版">
      {canCreate && (
        <Form onSubmit={onSubmit}>
          <TextField
            label="版の名前"
            placeholder="初稿、修正稿など"
            value={name}
            maxLength={VERSION_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            data-testid="manuscript-version-name"
          />
          <Button type="submit" $variant="primary" $size="sm" disabled={!trimmed || save.loading} data-testid="manuscript-version-save">
            現在の原稿を保存
          </Button>
        </Form>
      )}
      <ErrorAlert error={save.error ?? load.error} />
      {versions?.length === 0 && <Muted>保存された版はまだありません。</Muted>}
      <List data-testid="manuscript-versions">
        {(versions ?? []).map((version) => (
          <ListRow key={version.id}>
            <div>
              <strong>{version.name}</strong>
              <br />
              <small>
                {formatNumber(version.counts.total)}文字（句読点を除く {formatNumber(version.counts.withoutPunctuation)}文字）
              </small>
            </div>
            <small>
              {version.createdByName}・{formatDateTime(version.createdAt)}
            </small>
          </ListRow>
        ))}
      </List>
    </section>
  );
}
