/** /user/edit/skills: skills, portfolio, possible works and attributes, each saved on its own. */
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { AttributesForm } from './attributes-form';
import { PortfolioForm } from './portfolio-form';
import { PossibleWorksForm } from './possible-works-form';
import { SkillForm } from './skill-form';

interface Props {
  title: string;
  /** Only creators keep this information. */
  creator: boolean;
  /** After a save, with what was saved (「スキル」…). */
  onSaved: (what: string) => void;
}

export function SkillsPage({ title, creator, onSaved }: Props) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      {!creator ? (
        <Muted>スキル・属性情報はクリエイターのみ登録できます。</Muted>
      ) : (
        <>
          <Panel title="スキル" testId="skills-panel">
            <SkillForm submitLabel="保存する" onSaved={() => onSaved('スキル')} />
          </Panel>
          <Panel title="ポートフォリオ" testId="portfolio-panel">
            <PortfolioForm onSaved={() => onSaved('ポートフォリオ')} />
          </Panel>
          <Panel title="対応可能な業務" testId="possible-works-panel">
            <PossibleWorksForm onSaved={() => onSaved('対応可能な業務')} />
          </Panel>
          <Panel title="属性情報" testId="attributes-panel">
            <AttributesForm onSaved={() => onSaved('属性情報')} />
          </Panel>
        </>
      )}
    </>
  );
}

/** /signup/skills: the sign-up's skill step. */
export function SignupSkillsPage({ title, onSaved }: { title: string; onSaved: () => void }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Muted>得意なジャンルを選んでください。お仕事のご依頼の参考になります（あとから会員情報編集で変更できます）。</Muted>
      <Panel title="スキル">
        <SkillForm submitLabel="次へ" onSaved={onSaved} />
      </Panel>
    </>
  );
}
