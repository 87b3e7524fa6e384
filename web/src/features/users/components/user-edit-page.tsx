import { Link } from 'react-router';
import styled from 'styled-components';
import { PageTitle, Muted } from '@/components/page';
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
  box-shadow: 0 1px 3px rgba(0, 0, 0, 0.08);
  h2 { font-size: ${theme.font.lg}; margin: 0 0 8px; }
`;

/** The member whose information is edited (the logged-in user). */
export interface ProfileOwner extends ProfileFlags {
  id: number;
  roleType: string;
}

interface HubCard {
  title: string;
  to: string;
  text: string;
  missing: boolean;
}

/** What every member keeps: their profile and how they log in. */
const COMMON_CARDS: HubCard[] = [
  { title: 'プロフィール', to: '/user/edit/profiles', text: '氏名・連絡先・住所などの基本情報', missing: false },
  { title: 'ログイン情報', to: '/user/edit/auth', text: 'メールアドレスとパスワード', missing: false },
];

/** What only creators fill in: work, skills, where rewards are paid, and how clients see them. */
const creatorCards = (user: ProfileOwner): HubCard[] => [
  { title: '職業・資格情報', to: '/user/edit/jobs', text: '対応できるお仕事と実績', missing: !user.hasPossibleWork },
  { title: 'スキル・属性情報', to: '/user/edit/skills', text: '得意なジャンルとスキル、属性情報', missing: !user.hasSkill || !user.hasAttribute },
  {
    title: '振込先情報',
    to: '/user/edit/bank_accounts',
    text: '毎月5日までの口座変更は、その月の月末のお支払いから反映されます。6日以降の変更は翌月から反映されます。旧口座でお振込みを受け取れない場合は運営までご連絡ください。',
    missing: !user.hasBankAccount,
  },
  { title: 'プレビュー', to: `/creators/${user.id}`, text: 'クライアントに表示されるプロフィール', missing: false },
];

/** The profile-edit hub: one card per area of member information the member's role keeps (creators: all; clients and staff: profile and login). */
export function UserEditPage({ user }: { user: ProfileOwner | null }) {
  const creator = !!user && isCreator(user.roleType);
  const cards = creator ? [...COMMON_CARDS, ...creatorCards(user)] : COMMON_CARDS;
  return (
    <>
      <PageTitle>会員情報編集</PageTitle>
      {creator && lacksWorkRequirements(user) && (
        <Muted>会員情報の入力が完了するまで、お仕事を受けることができません。スキルと振込先を登録してください。</Muted>
      )}
      {creator && <Muted>赤い帯のカードは未入力の項目です。</Muted>}
      <Grid>
        {cards.map((card) => (
          <Card key={card.title} to={card.to} $missing={card.missing}>
            <h2>{card.title}{card.missing && '（未入力）'}</h2>
            <p>{card.text}</p>
          </Card>
        ))}
      </Grid>
    </>
  );
}
