import { Alert, Button } from 'antd';
import { useDeskState, useDeskStore } from './deskStore';

/** Why the workbench is not in real time (it polls meanwhile): another origin or role, or too many tabs. */
export function DeskSocketAlert() {
  const { problem } = useDeskState();
  const store = useDeskStore();
  if (!problem) return null;
  return (
    <Alert
      type={problem.kind === 'forbidden' ? 'error' : 'warning'}
      showIcon
      title={problem.message}
      style={{ marginBottom: 8 }}
      action={
        problem.kind === 'tooMany' ? (
          <Button size="small" onClick={() => store.retry()}>
            重试
          </Button>
        ) : undefined
      }
    />
  );
}
