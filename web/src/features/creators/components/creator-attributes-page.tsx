import { useEffect } from 'react';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { ATTRIBUTE_LABEL, INCOME_LABEL, languageLabel, PHOTO_POLICY_LABEL, SOCIAL_LABEL } from '../labels';
import { useCreators } from '../store';
import { CreatorFrame } from './creator-frame';

const MARRIED: Record<string, string> = { unanswered: '未回答', unmarried: '未婚', married: '既婚' };
const SEX: Record<string, string> = { male: '男性', female: '女性', other: 'その他' };

/** One stored attribute as a person reads it. */
export function describeAttribute(key: string, value: unknown): string {
  if (value === null || value === undefined || value === '') return '未回答';
  if (key === 'annualIncomeId' || key === 'householdIncomeId') return INCOME_LABEL[Number(value)] ?? String(value);
  if (key === 'marriedType') return MARRIED[String(value)] ?? String(value);
  if (key === 'canOpenImageType') return PHOTO_POLICY_LABEL[String(value)] ?? String(value);
  if (key === 'socials' && Array.isArray(value)) return value.map((s: { id?: number; url?: string }) => `${SOCIAL_LABEL[s.id ?? 0] ?? 'リンク'}: ${s.url ?? ''}`).join('\n') || '未登録';
  if (key === 'children' && Array.isArray(value)) {
    if (value.length === 0) return 'なし';
    return value
      .map((c: { year?: number; month?: number; birthday?: string; sexType?: string }) => `${c.year ?? c.birthday ?? ''}${c.month ? `年${c.month}月生まれ` : ''} ${SEX[c.sexType ?? ''] ?? ''}`.trim())
      .join('\n');
  }
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** /creators/{userId}/attributes: the attributes the caller may see (the server leaves out the rest). */
export function CreatorAttributesPage({ creatorId }: { creatorId: number }) {
  const { attributes, fetchAttributes } = useCreators();
  useEffect(() => {
    void fetchAttributes(creatorId);
  }, [fetchAttributes, creatorId]);
  const data = attributes.data?.userId === creatorId ? attributes.data : null;
  return (
    <CreatorFrame creatorId={creatorId}>
      {() => (
        <Panel title="属性情報" testId="creator-attributes">
          <ErrorAlert error={attributes.error} />
          {!data && attributes.loading && <Muted>読み込み中…</Muted>}
          {data && (
            <DescriptionList
              items={[
                ...Object.entries(data.attributes).map(([key, value]) => ({
                  term: ATTRIBUTE_LABEL[key] ?? key,
                  detail: <span style={{ whiteSpace: 'pre-wrap' }}>{describeAttribute(key, value)}</span>,
                })),
                { term: '対応言語', detail: data.languages.length ? data.languages.map((l) => `${languageLabel(l.id)}（レベル${l.level}）`).join('、') : '未登録' },
              ]}
            />
          )}
        </Panel>
      )}
    </CreatorFrame>
  );
}
