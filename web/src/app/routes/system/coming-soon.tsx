import { PageTitle, Muted } from '@/components/page';

/** Routes whose feature arrives with a later issue say so plainly. */
export default function ComingSoonRoute({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Muted>この画面は準備中です。</Muted>
    </>
  );
}
