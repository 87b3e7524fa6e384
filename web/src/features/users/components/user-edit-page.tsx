import { Link } from 'react-router';
import styled from 'styled-components';
import { Badge } from '@/components/badge';
import { PageTitle, Muted } from '@/components/page';
import { href } from '@/config/paths';
import { lacksWorkRequirements, type ProfileFlags } from '@/lib/profile';
import { isCreator } from '@/lib/roles';
import { theme } from '@/theme/theme';

const Grid = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(300px, 1fr));
  gap: 16px;
`;
const Card = styled(Link)<{ $missing: boolean }>`
  display: block;
  padding: 16px;
  background: ${theme.color.white};
  border-radius: 6px;
  border-top: 5px solid ${(p) => (p.$missing ? theme.color.alert : theme.color.brand)};
  color: ${theme.color.text};
  text-decoration: none;
  box-shadow: ${theme.shadow.card};
  header { display: flex; align-items: center; justify-content: space-between; gap: 8px; margin-bottom: 8px; }
  h2 { font-size: ${theme.font.lg}; margin: 0; }
  p { margin: 0 0 6px; }
  small { display: block; color: ${theme.color.subText}; font-size: ${theme.font.sm}; }
  &:hover { box-shadow: ${theme.shadow.cardHover}; }
  &:focus-visible { outline: 2px solid ${theme.color.brand}; outline-offset: 2px; }
`;

/** The member whose information is edited (the logged-in user). */
export interface ProfileOwner extends ProfileFlags {
  id: number;
  roleType: string;
}

/** The payee rule of the hub's payee card (spec section 2, Profile-edit hub). */
export const PAYEE_CARD_NOTE =
  '5日までに口座を変更された場合は当月末のお支払いから、6日以降の変更は翌月分から反映されます。旧口座でのお振込みができない場合は運営までご連絡ください。';

/** complete / missing come from the whoami flags; optional cards and links carry no mark. */
type Mark = 'complete' | 'missing' | 'optional' | null;

interface HubCard {
  key: string;
  title: string;
  to: string;
  text: string;
  mark: Mark;
  /** What is still missing, said on a missing card. */
  missing?: string[];
  note?: string;
}

/** What every member keeps: their profile and how they log in. */
const COMMON_CARDS: HubCard[] = [
  { key: 'profile', title: 'プロフィール', to: href('userEditProfiles'), text: '氏名・連絡先・住所などの基本情報', mark: null },
  { key: 'auth', title: 'ログイン情報', to: href('userEditAuth'), text: 'メールアドレスとパスワード', mark: null },
];

/** What the skill card covers, each with its flag. */
const SKILL_PARTS: { flag: keyof ProfileFlags; label: string }[] = [
  { flag: 'hasSkill', label: 'スキル' },
  { flag: 'hasPortfolio', label: 'ポートフォリオ' },
  { flag: 'hasPossibleWork', label: '対応可能な業務' },
  { flag: 'hasAttribute', label: '属性情報' },
];

/** What only creators fill in: work, skills, where rewards are paid, and how clients see them. */
export function creatorCards(user: ProfileOwner): HubCard[] {
  const skillMissing = SKILL_PARTS.filter((part) => !user[part.flag]).map((part) => part.label);
  return [
    { key: 'jobs', title: '職業・資格情報', to: href('userEditJobs'), text: '職業、経験年数、保有資格、使えるオフィスソフト', mark: 'optional' },
    {
      key: 'skills',
      title: 'スキル・属性情報',
      to: href('userEditSkills'),
      text: '得意なジャンル、ポートフォリオ、対応可能な業務、属性情報',
      mark: skillMissing.length > 0 ? 'missing' : 'complete',
      missing: skillMissing,
    },
    {
      key: 'payee',
      title: '振込先情報',
      to: href('userEditBankAccounts'),
      text: '報酬の振込先口座とインボイス登録番号',
      mark: user.hasBankAccount ? 'complete' : 'missing',
      missing: user.hasBankAccount ? [] : ['振込先口座'],
      note: PAYEE_CARD_NOTE,
    },
    { key: 'preview', title: 'プレビュー', to: href('creator', { userId: user.id }), text: 'クライアントに表示されるプロフィールを確認する', mark: null },
  ];
}

function MarkBadge({ mark }: { mark: Mark }) {
  if (mark === 'complete') return <Badge data-mark="complete">入力済み</Badge>;
  if (mark === 'missing') return <Badge $tone="alert" data-mark="missing">未入力あり</Badge>;
  if (mark === 'optional') return <Badge $tone="muted">任意</Badge>;
  return null;
}

/** The profile-edit hub: one card per area of member information the member's role keeps (creators: all six; clients and staff: profile and login). */
export function UserEditPage({ user }: { user: ProfileOwner | null }) {
  const creator = !!user && isCreator(user.roleType);
  const cards = creator ? [...COMMON_CARDS, ...creatorCards(user)] : COMMON_CARDS;
  return (
    <>
      <PageTitle>会員情報編集</PageTitle>
      {creator && lacksWorkRequirements(user) && (
        <Muted>会員情報の入力が完了するまで、お仕事を受けることができません。スキルと振込先を登録してください。</Muted>
      )}
      <Grid>
        {cards.map((card) => (
          <Card key={card.key} to={card.to} $missing={card.mark === 'missing'} data-testid={`hub-card-${card.key}`} data-mark={card.mark ?? 'none'}>
            <header>
              <h2>{card.title}</h2>
              <MarkBadge mark={card.mark} />
            </header>
            <p>{card.text}</p>
            {card.missing && card.missing.length > 0 && <small>未入力: {card.missing.join('、')}</small>}
            {card.note && <small>{card.note}</small>}
          </Card>
        ))}
      </Grid>
    </>
  );
}
