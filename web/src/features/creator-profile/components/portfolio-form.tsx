/** The portfolio: works and URLs as text, whether clients may see it, and up to ten uploaded files. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { ErrorAlert } from '@/components/error-alert';
import { FileRows } from '@/components/file-drop-zone';
import { RadioCards } from '@/components/radio-cards';
import { ResumableUploader } from '@/components/resumable-uploader';
import { TextArea } from '@/components/text-field';
import { useServerErrors } from '@/components/server-errors';
import type { FileView } from '@/lib/files';
import { creatorProfileApi } from '../api';
import { portfolioField } from '../rules';
import { PORTFOLIO_FILES_MAX, PORTFOLIO_MAX, portfolioSchema, type PortfolioFormValues } from '../schemas';
import { useCreatorProfile } from '../store';
import type { Portfolio, Publishability } from '../types';
import { GroupError, SaveButton, SAVE_FAILED } from './form-parts';

export const PUBLISHABILITY: { value: Publishability; label: string }[] = [
  { value: 'not_set', label: '未設定' },
  { value: 'publishable', label: '公開可' },
  { value: 'conditionally_publishable', label: '条件付きで公開可' },
  { value: 'unpublishable', label: '公開不可' },
];


const valuesOf = (portfolio: Portfolio): PortfolioFormValues => ({
  portfolio: { portfolio: portfolio.portfolio?.portfolio ?? '', publishability: portfolio.portfolio?.publishability ?? 'not_set' },
  files: portfolio.portfolioFiles.map((f) => ({ id: f.id, name: f.name })),
});

export function PortfolioForm({ onSaved }: { onSaved: () => void }) {
  const { portfolio, fetchPortfolio } = useCreatorProfile();
  const form = useForm<PortfolioFormValues>({
    resolver: zodResolver(portfolioSchema),
    defaultValues: { portfolio: { portfolio: '', publishability: 'not_set' }, files: [] },
  });
  const { control, register, handleSubmit, reset, setError, formState } = form;
  const save = useServerErrors(portfolioField, setError, SAVE_FAILED);
  const publishability = useController({ control, name: 'portfolio.publishability' });
  const files = useController({ control, name: 'files' });
  // Files uploaded in this form: kept in the `files` field with the saved ones, listed by the uploader.
  const [fresh, setFresh] = useState<number[]>([]);
  const [uploading, setUploading] = useState(false);

  useEffect(() => {
    void fetchPortfolio();
  }, [fetchPortfolio]);
  const loaded = portfolio.data;
  useEffect(() => {
    if (loaded) reset(valuesOf(loaded));
  }, [loaded, reset]);

  if (!loaded) return <ErrorAlert error={portfolio.error} />;

  const uploaded = (done: FileView[], busy: boolean) => {
    setUploading(busy);
    const kept = (files.field.value ?? []).filter((f) => !fresh.includes(f.id));
    setFresh(done.map((f) => f.id));
    files.field.onChange([...kept, ...done.map((f) => ({ id: f.id, name: f.name }))]);
  };

  const submit = handleSubmit(async (values) => {
    const saved = await save.run(() =>
      creatorProfileApi.savePortfolio({
        portfolio: { portfolio: values.portfolio.portfolio.trim(), publishability: values.portfolio.publishability },
        portfolioFileIds: values.files.map((f) => f.id),
      }),
    );
    if (!saved) return;
    useCreatorProfile.setState((s) => ({ portfolio: { ...s.portfolio, data: saved } }));
    onSaved();
  });
  const errors = formState.errors;
  const chosen = files.field.value ?? [];
  const saved = chosen.filter((f) => !fresh.includes(f.id));
  return (
    <form onSubmit={submit} noValidate aria-label="ポートフォリオ">
      {save.alert}
      <TextArea
        label="ポートフォリオ"
        rows={5}
        placeholder={'これまでの作品のURLや紹介文\n例: https://example.jp/articles/123'}
        hint={`作品のURLや紹介文（${PORTFOLIO_MAX}文字以内）。ファイルだけでも登録できます`}
        error={errors.portfolio?.portfolio?.message}
        {...register('portfolio.portfolio')}
      />
      <RadioCards legend="クライアントへの公開" options={PUBLISHABILITY} value={publishability.field.value} onChange={publishability.field.onChange} />
      <GroupError message={errors.portfolio?.publishability?.message} />
      {saved.length > 0 && (
        <FileRows aria-label="登録するファイル">
          {saved.map((file) => (
            <li key={file.id}>
              <span aria-hidden>📎</span>
              <span className="name">{file.name}</span>
              <button type="button" aria-label={`${file.name}を取り除く`} onClick={() => files.field.onChange(chosen.filter((f) => f.id !== file.id))}>
                ×
              </button>
            </li>
          ))}
        </FileRows>
      )}
      <ResumableUploader
        label="ポートフォリオのファイル（任意）"
        use="portfolio"
        hint={`最大${PORTFOLIO_FILES_MAX}件。画像は30MB、文書は200MB、動画・音声・圧縮ファイルは5GiBまで`}
        multiple
        disabled={chosen.length >= PORTFOLIO_FILES_MAX}
        onFiles={uploaded}
      />
      <GroupError message={errors.files?.message ?? errors.files?.root?.message} />
      <SaveButton label="保存する" busy={formState.isSubmitting || uploading} />
    </form>
  );
}
