/**
 * The profile image on /user/edit/profiles: the current one (or the one just uploaded) and the
 * shared resumable uploader for a new one (`use: profile_image`, images only). The uploaded
 * file is the profile's image once the form is saved (`imageFileId`); the server takes only the
 * member's own clean, public image uploads.
 */
import { useState } from 'react';
import styled from 'styled-components';
import { Muted } from '@/components/page';
import { ResumableUploader } from '@/components/resumable-uploader';
import type { FileView } from '@/lib/files';
import { theme } from '@/theme/theme';

const Field = styled.div`
  margin: 0 0 16px;
  > strong { display: block; margin-bottom: 6px; }
  .current { display: flex; align-items: center; gap: 12px; margin-bottom: 8px; }
  img { width: 96px; height: 96px; object-fit: cover; border-radius: 50%; border: 1px solid ${theme.color.border}; }
`;

export interface ChosenImage {
  file: FileView | null;
  /** Still being sent or scanned: saving now would leave it out. */
  busy: boolean;
}

export function ProfileImageField({ currentPath, onChange }: { currentPath: string | null; onChange: (chosen: ChosenImage) => void }) {
  const [chosen, setChosen] = useState<FileView | null>(null);
  const shown = chosen?.path ?? currentPath;
  return (
    <Field>
      <strong>プロフィール画像</strong>
      <div className="current">
        {shown ? <img src={`/api/images/${shown}?width=128`} alt="プロフィール画像" data-testid="profile-image" /> : <Muted>まだ設定されていません。</Muted>}
        {chosen && <Muted>「保存する」を押すとこの画像に変わります。</Muted>}
      </div>
      <ResumableUploader
        label="新しいプロフィール画像"
        hint="画像ファイル（30 MBまで）"
        use="profile_image"
        accept="image/*"
        onFiles={(files, busy) => {
          const file = files[0] ?? null;
          setChosen(file);
          onChange({ file, busy });
        }}
      />
    </Field>
  );
}
