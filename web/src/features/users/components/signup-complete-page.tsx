/** /signup/complete: the end of sign-up — what the new member can do now and what is still open. */
import { Link } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { href } from '@/config/paths';
import { isProfileComplete, lacksWorkRequirements, type ProfileFlags } from '@/lib/profile';

const Steps = styled.ul`
  margin: 0 0 16px;
  padding-left: 20px;
  line-height: 1.8;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 12px;
  margin-top: 16px;
`;

/** The optional parts of the profile that clients see before offering work. */
const OPTIONAL_PARTS: { flag: keyof ProfileFlags; label: string }[] = [
  { flag: 'hasPortfolio', label: 'ポートフォリオ' },
  { flag: 'hasPossibleWork', label: '対応可能な業務' },
  { flag: 'hasAttribute', label: '属性情報' },
];

export function SignupCompletePage({ user }: { user: ProfileFlags & { userName: string } }) {
  const ready = !lacksWorkRequirements(user);
  const open = OPTIONAL_PARTS.filter((part) => !user[part.flag]);
  return (
    <>
      <PageTitle>登録完了</PageTitle>
      <Panel title={ready ? '会員登録が完了しました' : '会員登録を受け付けました'} testId="signup-complete">
        <p>{user.userName} さん、Tsumugi へようこそ。</p>
        {ready ? (
          <Muted>スキルと振込先の登録が済んだので、お仕事のオファーを受けられるようになりました。</Muted>
        ) : (
          <Muted>スキルと振込先を登録すると、お仕事を受けられるようになります。会員情報編集から登録してください。</Muted>
        )}
        {!isProfileComplete(user) && open.length > 0 && (
          <>
            <p>次の情報を入力すると、クライアントがあなたを見つけやすくなります。</p>
            <Steps>
              {open.map((part) => (
                <li key={part.flag}>{part.label}</li>
              ))}
            </Steps>
          </>
        )}
        <Actions>
          <Button as={Link} to={href('projects')} $variant="primary">
            プロジェクト一覧へ
          </Button>
          <Button as={Link} to={href('userEdit')} $variant="primary" $outlined>
            会員情報編集へ
          </Button>
        </Actions>
      </Panel>
    </>
  );
}
