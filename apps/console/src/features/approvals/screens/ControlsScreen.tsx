import type { ControlsView } from '@app/contract/console-approvals';
import { EditOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Descriptions, Progress, Skeleton, Space, Typography } from 'antd';
import { useState } from 'react';
import { yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useOperator } from '@/shared/session';
import { controlsQuery } from '../api';
import { ControlsForm } from '../components/ControlsForm';

/** Today's use of a daily total: the figures and a bar (red when nearly used up). */
function Used({ used, limit }: { used: string; limit: string }) {
  const percent = Number(limit) > 0 ? Math.min(100, (Number(used) / Number(limit)) * 100) : 0;
  return (
    <Space orientation="vertical" size={0} style={{ width: 320 }}>
      <span>
        {yuan(used)} / {yuan(limit)}
      </span>
      <Progress
        percent={Math.round(percent)}
        size="small"
        status={percent >= 90 ? 'exception' : 'normal'}
        aria-label="今日已用"
      />
    </Space>
  );
}

function ControlsTable({ c }: { c: ControlsView }) {
  return (
    <Descriptions bordered column={1} size="middle" styles={{ label: { width: 280 } }}>
      <Descriptions.Item label="调整余额需复核的金额">
        高于 {yuan(c.adjust_review_above)}（不计打码量的加款一律复核）
      </Descriptions.Item>
      <Descriptions.Item label="活动奖金封顶需复核的金额">
        高于 {yuan(c.bonus_cap_review_above)}
      </Descriptions.Item>
      <Descriptions.Item label="每人每日调整余额上限">{yuan(c.daily_adjust)}</Descriptions.Item>
      <Descriptions.Item label="每人每日审核通过上限">{yuan(c.daily_approve)}</Descriptions.Item>
      <Descriptions.Item label="重置密码或换卡后提款暂缓">{c.withdrawal_hold_hours} 小时</Descriptions.Item>
      <Descriptions.Item label="我今日已调整余额">
        <Used used={c.used_adjust} limit={c.daily_adjust} />
      </Descriptions.Item>
      <Descriptions.Item label="我今日已审核通过">
        <Used used={c.used_approve} limit={c.daily_approve} />
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * 风控设置: which changes need a second operator, the per-operator daily totals and the withdrawal
 * hold, with what the signed-in operator used today. A 超级管理员 may change them (itself a change
 * another 超级管理员 approves in 待复核); the others read them.
 */
export default function ControlsScreen() {
  const { role } = useOperator();
  const query = useQuery(controlsQuery);
  const [editing, setEditing] = useState(false);
  const [submitted, setSubmitted] = useState<string | null>(null);
  const admin = role === 'admin';

  return (
    <Card
      title="风控设置"
      extra={
        admin && !editing && query.data ? (
          <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
            修改
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary">
        {admin
          ? '修改须由另一位超级管理员在「待复核」中通过后才生效。'
          : '只有超级管理员可以修改这些设置（须另一位超级管理员复核）。'}
      </Typography.Paragraph>
      {submitted && (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSubmitted(null) }}
          style={{ marginBottom: 16 }}
          title={submitted}
          description="在通过之前，下列设置保持不变。"
        />
      )}
      {query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : query.isError ? (
        <QueryError error={query.error} retry={() => void query.refetch()} />
      ) : editing ? (
        <ControlsForm
          value={query.data}
          onSubmitted={(m) => {
            setSubmitted(m);
            setEditing(false);
          }}
          onCancel={() => setEditing(false)}
        />
      ) : (
        <ControlsTable c={query.data} />
      )}
    </Card>
  );
}
