import { useState, type FormEvent, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Checkbox } from '@/components/checkbox';
import { Inline } from '@/components/list';
import { Panel } from '@/components/panel';
import { TextField } from '@/components/text-field';
import { theme } from '@/theme/theme';
import { type CreatorFilter, emptyFilter, toggle } from '../filters';
import { AGE_BAND_LABEL, AGE_BANDS, LANGUAGES, WORK_STATUS_LABEL, WORK_STATUSES } from '../labels';
import type { Region, SearchOptions } from '../types';

const Group = styled.fieldset`
  border: none;
  border-bottom: 1px solid ${theme.color.border};
  margin: 0;
  padding: 10px 0;
  min-width: 0;
  legend { font-weight: ${theme.font.bold}; padding: 10px 0 0; float: left; width: 100%; }
  legend + * { clear: both; }
  summary { cursor: pointer; color: ${theme.color.subText}; margin: 4px 0; }
`;
const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 16px;
`;
const SubGroup = styled.div`
  margin: 4px 0 8px;
  > strong { display: block; font-size: ${theme.font.sm}; color: ${theme.color.subText}; margin-top: 6px; }
`;
const Child = styled.span`
  font-size: ${theme.font.sm};
`;

function Section({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <Group>
      <legend>{legend}</legend>
      {children}
    </Group>
  );
}

const REGIONS: [Region | '', string][] = [
  ['', '指定なし'],
  ['japan', '国内'],
  ['overseas', '海外'],
];

interface Props {
  initial: CreatorFilter;
  options: SearchOptions | null;
  onApply: (filter: CreatorFilter) => void;
  busy: boolean;
}

/** The filter panel: a draft of the filter, applied to the URL on 検索する. */
export function SearchFilterPanel({ initial, options, onApply, busy }: Props) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof CreatorFilter>(key: K, value: CreatorFilter[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  const prefectures = (options?.prefectures ?? []).filter((p) => p.id !== 99);
  const tags = options?.searchTags ?? [];

  return (
    <form onSubmit={onSubmit} aria-label="検索条件">
      <Panel
        title="検索条件"
        actions={
          <>
            <Button type="button" onClick={() => onApply(emptyFilter())}>
              条件をクリア
            </Button>
            <Button type="submit" $variant="primary" disabled={busy}>
              検索する
            </Button>
          </>
        }
      >
        <TextField label="キーワード" hint="名前・プロフィール・スキルの説明から探します（スペース区切りで複数）" value={draft.words} onChange={(e) => set('words', e.target.value)} />
        <Section legend="ジャンル">
          {(options?.genreGroups ?? []).map((group) => (
            <SubGroup key={group.id}>
              <strong>{group.name}</strong>
              <Choices>
                {group.genres
                  .filter((g) => g.parentGenreId === null)
                  .map((genre) => (
                    <Checkbox key={genre.id} label={genre.name} checked={draft.genreIds.includes(genre.id)} onChange={(e) => set('genreIds', toggle(draft.genreIds, genre.id, e.target.checked))} />
                  ))}
              </Choices>
              {group.genres.some((g) => g.parentGenreId !== null) && (
                <details>
                  <summary>小ジャンルで絞り込む</summary>
                  <Choices>
                    {group.genres
                      .filter((g) => g.parentGenreId !== null)
                      .map((genre) => (
                        <Checkbox
                          key={genre.id}
                          label={<Child>{genre.name}</Child>}
                          checked={draft.genreIds.includes(genre.id)}
                          onChange={(e) => set('genreIds', toggle(draft.genreIds, genre.id, e.target.checked))}
                        />
                      ))}
                  </Choices>
                </details>
              )}
            </SubGroup>
          ))}
        </Section>
        <Section legend="受付状況">
          <Choices>
            {WORK_STATUSES.map((status) => (
              <Checkbox key={status} label={WORK_STATUS_LABEL[status]} checked={draft.workStatuses.includes(status)} onChange={(e) => set('workStatuses', toggle(draft.workStatuses, status, e.target.checked))} />
            ))}
          </Choices>
        </Section>
        <Section legend="年代">
          <Choices>
            {AGE_BANDS.map((band) => (
              <Checkbox key={band} label={AGE_BAND_LABEL[band]} checked={draft.ageBands.includes(band)} onChange={(e) => set('ageBands', toggle(draft.ageBands, band, e.target.checked))} />
            ))}
          </Choices>
        </Section>
        <Section legend="居住地">
          <Inline role="radiogroup" aria-label="地域">
            {REGIONS.map(([value, label]) => (
              <label key={label}>
                <input type="radio" name="region" checked={draft.region === value} onChange={() => setDraft((d) => ({ ...d, region: value, prefectureIds: value === 'overseas' ? [] : d.prefectureIds }))} /> {label}
              </label>
            ))}
          </Inline>
          {draft.region !== 'overseas' && (
            <details open={draft.prefectureIds.length > 0}>
              <summary>都道府県で絞り込む{draft.prefectureIds.length > 0 && `（${draft.prefectureIds.length}件選択中）`}</summary>
              <Choices>
                {prefectures.map((p) => (
                  <Checkbox key={p.id} label={p.name} checked={draft.prefectureIds.includes(p.id)} onChange={(e) => set('prefectureIds', toggle(draft.prefectureIds, p.id, e.target.checked))} />
                ))}
              </Choices>
            </details>
          )}
        </Section>
        <Section legend="対応言語">
          <Choices>
            {LANGUAGES.map(([id, label]) => (
              <Checkbox key={id} label={label} checked={draft.languageIds.includes(id)} onChange={(e) => set('languageIds', toggle(draft.languageIds, id, e.target.checked))} />
            ))}
          </Choices>
        </Section>
        {tags.length > 0 && (
          <>
            <Section legend="タグ（含む）">
              <Choices>
                {tags.map((tag) => (
                  <Checkbox key={tag.id} label={tag.name} checked={draft.searchTagIds.includes(tag.id)} onChange={(e) => set('searchTagIds', toggle(draft.searchTagIds, tag.id, e.target.checked))} />
                ))}
              </Choices>
            </Section>
            <Section legend="タグ（除く）">
              <Choices>
                {tags.map((tag) => (
                  <Checkbox
                    key={tag.id}
                    label={tag.name}
                    aria-label={`${tag.name}を除く`}
                    checked={draft.excludeSearchTagIds.includes(tag.id)}
                    onChange={(e) => set('excludeSearchTagIds', toggle(draft.excludeSearchTagIds, tag.id, e.target.checked))}
                  />
                ))}
              </Choices>
            </Section>
          </>
        )}
      </Panel>
    </form>
  );
}
