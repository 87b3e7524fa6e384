import { DescriptionList } from '@/components/description-list';
import { List, ListRow } from '@/components/list';
import { Muted } from '@/components/page';
import { Panel } from '@/components/panel';
import { formatDate } from '@/lib/format';
import { languageLabel, PHOTO_POLICY_LABEL, PUBLISHABILITY_LABEL, SOCIAL_LABEL } from '../labels';
import type { CreatorDetail } from '../types';
import { ClientMemoEditor, ClientMemoList, CombinationsEditor, ManagerMemoEditor, SearchTagsEditor } from './creator-notes';
import { CreatorFrame } from './creator-frame';

const LEVELS = ['', '初級', '日常会話', 'ビジネス', '上級', 'ネイティブ'];

function Profile({ creator }: { creator: CreatorDetail }) {
  return (
    <>
      <Panel title="プロフィール">
        {creator.profileText ? <p style={{ whiteSpace: 'pre-wrap' }} data-testid="profile-text">{creator.profileText}</p> : <Muted>プロフィール文は未登録です。</Muted>}
        <DescriptionList
          items={[
            !!creator.availableTimeSlot && { term: '稼働可能な時間帯', detail: creator.availableTimeSlot },
            !!creator.canOpenImageType && { term: 'プロフィール画像', detail: PHOTO_POLICY_LABEL[creator.canOpenImageType ?? ''] ?? creator.canOpenImageType },
            creator.languages.length > 0 && {
              term: '対応言語',
              detail: creator.languages.map((l) => `${languageLabel(l.id)}（${LEVELS[l.level] ?? l.level}）`).join('、'),
            },
            creator.socials.length > 0 && {
              term: 'SNS・Web サイト',
              detail: (
                <>
                  {creator.socials.map((s) => (
                    <div key={`${s.id}-${s.url}`}>
                      {SOCIAL_LABEL[s.id] ?? 'リンク'}:{' '}
                      <a href={s.url} target="_blank" rel="noreferrer noopener">
                        {s.url}
                      </a>
                    </div>
                  ))}
                </>
              ),
            },
          ]}
        />
      </Panel>
      <Panel title="スキル">
        {creator.skills.length === 0 && <Muted>スキルは未登録です。</Muted>}
        <List data-testid="skills">
          {creator.skills.map((skill) => (
            <ListRow key={skill.genreGroup.id}>
              <div>
                <strong>{skill.genreGroup.name}</strong>
                <br />
                {skill.genres.map((g) => g.name).join('、')}
                {skill.detail && <p style={{ margin: '4px 0 0', whiteSpace: 'pre-wrap' }}>{skill.detail}</p>}
              </div>
            </ListRow>
          ))}
        </List>
      </Panel>
      <Panel title="ポートフォリオ・対応可能な業務">
        <DescriptionList
          items={[
            {
              term: 'ポートフォリオ',
              detail: creator.portfolio ? (
                <>
                  <span style={{ whiteSpace: 'pre-wrap' }}>{creator.portfolio.portfolio}</span>（{PUBLISHABILITY_LABEL[creator.portfolio.publishability] ?? creator.portfolio.publishability}）
                </>
              ) : (
                '非公開または未登録'
              ),
            },
            {
              term: '対応可能な業務',
              detail:
                creator.possibleWorks.length === 0
                  ? '未登録'
                  : creator.possibleWorks.map((w) => (
                      <div key={w.id}>
                        {w.workName}
                        {w.achievement && `：${w.achievement}`}
                      </div>
                    )),
            },
          ]}
        />
      </Panel>
    </>
  );
}

/** What only staff (and the creator) receive: real name, contact and address. */
function PrivateInfo({ creator }: { creator: CreatorDetail }) {
  if (creator.mailAddress === undefined) return null;
  const address = creator.prefecture?.id === 99 ? '海外' : [creator.postalCode && `〒${creator.postalCode}`, creator.prefecture?.name, creator.cityAddress, creator.streetAddress, creator.buildingName].filter(Boolean).join(' ');
  return (
    <Panel title="登録情報（公開されません）" testId="private-info">
      <DescriptionList
        items={[
          { term: '氏名', detail: `${creator.lastName ?? ''} ${creator.firstName ?? ''}（${creator.lastNameKana ?? ''} ${creator.firstNameKana ?? ''}）` },
          creator.accountType === 'corporate' && { term: '法人名', detail: `${creator.companyName}（代表: ${creator.representativeName}）` },
          { term: 'メールアドレス', detail: creator.mailAddress },
          { term: '電話番号', detail: creator.phoneNumber || '未登録' },
          { term: '生年月日', detail: creator.birthday ? formatDate(creator.birthday) : '未登録' },
          { term: '住所', detail: address || '未登録' },
          { term: 'アカウント状態', detail: creator.accountStatus === 'active' ? '有効' : creator.accountStatus === 'banned' ? '退会手続き中' : '退会済み' },
        ]}
      />
    </Panel>
  );
}

/** /creators/{userId}: the profile, and the notes the caller may read or write (the server's `can_*`). */
export function CreatorPage({ creatorId }: { creatorId: number }) {
  return (
    <CreatorFrame creatorId={creatorId}>
      {(creator) => (
        <>
          <Profile creator={creator} />
          <PrivateInfo creator={creator} />
          {creator.canWriteMemo && <ClientMemoEditor creatorId={creator.id} />}
          {creator.canWriteManagerMemo && <ManagerMemoEditor creatorId={creator.id} />}
          {creator.canReadClientMemos && <ClientMemoList creatorId={creator.id} />}
          {creator.canReadCombinations && <CombinationsEditor creatorId={creator.id} editable={creator.canEditCombinations} />}
          {creator.canEditTags && <SearchTagsEditor creatorId={creator.id} />}
        </>
      )}
    </CreatorFrame>
  );
}
