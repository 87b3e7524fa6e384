import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useAuth } from '@/features/auth/store';
import { SignupSkillsPage } from '@/features/creator-profile/components/skills-page';

/** /signup/skills: the skill step of sign-up, then the bank account. */
export default function SignupSkillsRoute() {
  const navigate = useNavigate();
  const whoami = useAuth((s) => s.whoami);
  const onSaved = async () => {
    await whoami();
    await navigate(paths.signupBankAccounts.path);
  };
  return <SignupSkillsPage title={paths.signupSkills.title} onSaved={() => void onSaved()} />;
}
