import { MSG_SUPPORT_NOT_MEMBER, type SupportConversationRow } from '@app/contract/console-support';
import { useQuery } from '@tanstack/react-query';
import { Descriptions, Empty, Skeleton, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { MaskedHint } from '@/shared/MaskedHint';
import { supportMemberQuery } from '../api';

interface MoneyRow {
  id: number;
  amount: string;
  method: string;
  state_label: string;
  created_at: string;
}

function MoneyList({ title, rows }: { title: string; rows: readonly MoneyRow[] }) {
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        {title}
      </Typography.Title>
      {rows.length === 0 ? (
        <Typography.Text type="secondary">暂无记录</Typography.Text>
      ) : (
        rows.map((r) => (
          <div key={r.id} className="support-money-row">
            <div>
              <div>
                {yuan(r.amount)} · {r.method}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {shortTime(r.created_at)}
              </Typography.Text>
            </div>
            <Tag>{r.state_label}</Tag>
          </div>
        ))
      )}
    </>
  );
}

function Member({ conversationId }: { conversationId: number }) {
  const query = useQuery(supportMemberQuery(conversationId));
  if (query.isPending) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (query.isError) return <QueryError error={query.error} retry={() => void query.refetch()} />;
  const { member: m, deposits, withdrawals, applications } = query.data;
  const balance = m.wallets.find((w) => w.venue === 'central')?.balance ?? m.wallets[0]?.balance ?? '0';
  return (
    <>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="会员">
          <Link to={`/members/${m.id}`}>{m.name}</Link>
          {m.blocked && (
            <Tag color="red" style={{ marginLeft: 8 }}>
              已冻结
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label="VIP">VIP{m.vip_level}</Descriptions.Item>
        <Descriptions.Item label="中心钱包">{yuan(balance)}</Descriptions.Item>
        <Descriptions.Item label="打码量">
          {yuan(m.turnover_done)} / {yuan(m.turnover_required)}
        </Descriptions.Item>
        <Descriptions.Item label="手机号">
          {m.mobile || '—'}
          {m.contact_masked && m.mobile && <MaskedHint />}
        </Descriptions.Item>
      </Descriptions>
      <MoneyList title="最近存款" rows={deposits} />
      <MoneyList title="最近取款" rows={withdrawals} />
      <Typography.Title level={5} style={{ marginTop: 12 }}>
        待处理申请
      </Typography.Title>
      {applications.length === 0 ? (
        <Typography.Text type="secondary">暂无</Typography.Text>
      ) : (
        applications.map((a) => (
          <div key={`${a.kind}-${a.title}-${a.created_at}`}>
            <Tag>{a.kind === 'agent' ? '代理申请' : '活动申请'}</Tag>
            {a.title} · {shortTime(a.created_at)}
          </div>
        ))
      )}
      <div style={{ marginTop: 12 }}>
        <Link to={`/members/${m.id}`}>查看完整会员资料</Link>
      </div>
    </>
  );
}

/** The right column: the member beside the chat (masked as the server sends it); a visitor's nickname. */
export function MemberPanel({ conversation }: { conversation: SupportConversationRow | undefined }) {
  if (!conversation) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择会话" />;
  if (conversation.kind === 'visitor') {
    return (
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label="访客昵称">{conversation.name}</Descriptions.Item>
        <Descriptions.Item label="说明">{MSG_SUPPORT_NOT_MEMBER}</Descriptions.Item>
      </Descriptions>
    );
  }
  return <Member conversationId={conversation.id} />;
}
