import type { LotteryRoundRow } from '@app/contract/console-lottery';
import { useQuery } from '@tanstack/react-query';
import { Alert, Descriptions, Modal, Result, Spin, Typography } from 'antd';
import { errorMessage } from '@/shared/api';
import { verifyQuery } from '../api';

/** 验证: the server recomputes sha256(seed) and the balls from the seed, and says what differs. */
export function VerifyModal({ round, onClose }: { round: LotteryRoundRow | null; onClose: () => void }) {
  const check = useQuery(verifyQuery(round?.id ?? null));
  const data = check.data;
  return (
    <Modal
      open={round !== null}
      title={`验证第 ${round?.expect ?? ''} 期`}
      footer={null}
      onCancel={onClose}
      width={720}
      destroyOnHidden
    >
      {check.isPending && <Spin />}
      {check.isError && <Alert type="error" showIcon message={errorMessage(check.error)} />}
      {data && (
        <>
          {data.ok ? (
            <Result
              status="success"
              title="验证通过"
              subTitle="种子的 SHA-256 等于公布的哈希，由种子算出的号码与开奖号码一致。"
            />
          ) : (
            <Alert
              type="error"
              showIcon
              style={{ marginBottom: 16 }}
              message="验证不通过"
              description={data.problems.map((p) => (
                <div key={p}>{p}</div>
              ))}
            />
          )}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="公布的哈希">
              <Typography.Text code copyable>
                {data.hash}
              </Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="算出的哈希">
              <Typography.Text code>{data.computed_hash || '—'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label="开奖号码">{data.balls || '—'}</Descriptions.Item>
            <Descriptions.Item label="算出的号码">{data.computed_balls || '—'}</Descriptions.Item>
          </Descriptions>
        </>
      )}
    </Modal>
  );
}
