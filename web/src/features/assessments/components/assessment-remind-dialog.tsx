/** The monthly request to rate creators, over any page while the server says so; closing it waits until next month. */
import { useNavigate } from 'react-router';
import styled from 'styled-components';
import { Button } from '@/components/button';
import { Modal } from '@/components/modal';
import { Muted } from '@/components/page';
import { href } from '@/config/paths';

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  gap: 12px;
  margin-top: 16px;
`;

export function AssessmentRemindDialog({ onDismiss }: { onDismiss: () => void }) {
  const navigate = useNavigate();
  return (
    <Modal title="クリエイター評価へのご協力のお願い" onClose={onDismiss} width={560} testId="assessment-remind">
      <Muted>先月お仕事をしていただいたクリエイターの評価が未回答です。毎月の評価は、より良いマッチングとクリエイターの成長に役立てています。お手数ですがご回答をお願いいたします。</Muted>
      <Actions>
        <Button type="button" onClick={onDismiss}>
          閉じる
        </Button>
        <Button
          type="button"
          $variant="primary"
          onClick={() => {
            onDismiss();
            navigate(href('assessments'));
          }}
        >
          評価する
        </Button>
      </Actions>
    </Modal>
  );
}
