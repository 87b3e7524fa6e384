/** `/assessments/{id}`: the answer form (four scores and a comment), or the answer once given; saving returns to the list. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { DescriptionList } from '@/components/description-list';
import { ErrorAlert } from '@/components/error-alert';
import { Muted, PageTitle } from '@/components/page';
import { Panel } from '@/components/panel';
import { RadioCards } from '@/components/radio-cards';
import { TextArea } from '@/components/text-field';
import { href } from '@/config/paths';
import { AppError, ValidationError } from '@/lib/errors';
import { applyServerRules } from '@/lib/forms';
import { theme } from '@/theme/theme';
import { monthLabel } from '../format';
import { answerSchema, type AnswerValues, COMMENT_MAX, CRITERIA, SCORE_LABELS } from '../schema';
import { useAssessments } from '../store';

const Frame = styled.main`
  max-width: 760px;
  margin: 0 auto;
  padding: 32px 16px 48px;
`;
const FieldError = styled.p`
  color: ${theme.color.alert};
  margin: -12px 0 16px;
  font-size: ${theme.font.sm};
`;

const SCORE_OPTIONS = [1, 2, 3, 4, 5].map((n) => ({ value: String(n), label: SCORE_LABELS[n], icon: '★'.repeat(n) }));

const stars = (n: number) => `${'★'.repeat(n)}${'☆'.repeat(5 - n)}（${SCORE_LABELS[n]}）`;

export function AssessmentAnswerPage({ assessmentId }: { assessmentId: number }) {
  const navigate = useNavigate();
  const { detail, fetchDetail, answer } = useAssessments();
  const [failure, setFailure] = useState<AppError | null>(null);
  const [lines, setLines] = useState<string[]>([]);
  const form = useForm<AnswerValues>({
    resolver: zodResolver(answerSchema),
    defaultValues: { comment: '' } as AnswerValues,
  });
  const { control, register, handleSubmit, setError, formState } = form;

  useEffect(() => {
    void fetchDetail(assessmentId);
  }, [assessmentId, fetchDetail]);

  const a = detail.data?.id === assessmentId ? detail.data : null;
  const submit = handleSubmit(async (values) => {
    setFailure(null);
    setLines([]);
    try {
      await answer(assessmentId, values);
      navigate(href('assessments'));
    } catch (cause) {
      const error = cause instanceof AppError ? cause : new AppError('評価の保存に失敗しました');
      if (error instanceof ValidationError) setLines(applyServerRules(error.rules, (field) => (field === 'state' ? null : field), setError));
      setFailure(error);
    }
  });

  return (
    <Frame>
      <Link to={href('assessments')}>評価一覧に戻る</Link>
      <PageTitle>クリエイターの評価</PageTitle>
      <ErrorAlert error={detail.error} />
      {a && (
        <>
          <Panel title={`${a.creator.userName} さん（${monthLabel(a.targetMonth)}）`}>
            <Muted>
              {monthLabel(a.targetMonth)}に完了したタスク {a.completedTaskCount} 件についての評価です。評価はクリエイター本人には公開されません。
            </Muted>
          </Panel>
          {a.answer ? (
            <Panel title="評価内容" testId="assessment-answer">
              <DescriptionList
                items={[
                  ...CRITERIA.map((c) => ({ term: c.label, detail: stars(a.answer?.[c.key] ?? 0) })),
                  { term: 'コメント', detail: a.answer.comment || '—' },
                  { term: '評価者', detail: a.answeredBy?.userName ?? '—' },
                ]}
              />
            </Panel>
          ) : a.canAnswer ? (
            <form onSubmit={(e) => void submit(e)} noValidate aria-label="評価フォーム">
              <Panel
                title="評価を入力してください"
                actions={
                  <Button type="submit" $variant="primary" disabled={formState.isSubmitting}>
                    評価を送信する
                  </Button>
                }
              >
                <ErrorAlert error={failure} lines={lines} />
                {CRITERIA.map((c) => (
                  <Controller
                    key={c.key}
                    control={control}
                    name={c.key}
                    render={({ field, fieldState }) => (
                      <>
                        <RadioCards legend={`${c.label}（${c.hint}）`} options={SCORE_OPTIONS} value={field.value ? String(field.value) : ''} onChange={(v) => field.onChange(Number(v))} minCardWidth={120} />
                        {fieldState.error && <FieldError role="alert">{fieldState.error.message}</FieldError>}
                      </>
                    )}
                  />
                ))}
                <TextArea label={`コメント（任意・${COMMENT_MAX}文字以内）`} rows={5} error={formState.errors.comment?.message} {...register('comment')} />
              </Panel>
            </form>
          ) : (
            <Muted>この評価はまだ回答されていません。</Muted>
          )}
        </>
      )}
    </Frame>
  );
}
