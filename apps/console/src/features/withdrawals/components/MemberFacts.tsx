import type { ConsoleWithdrawalDetail } from '@app/contract/console-money';
import { Descriptions, Space, Typography } from 'antd';
import { shortTime, yuan } from '@/shared/format';

const { Text } = Typography;

/** The holder name beside the member's real name, red when they differ. */
export function NameCheck({ detail: d }: { detail: ConsoleWithdrawalDetail }) {
  const w = d.withdrawal;
  const m = d.member;
  const holder = w.kind === 'bank' ? '持卡人' : w.kind === 'alipay' ? '收款人' : null;
  if (holder === null) return <Text>会员实名 {m.realname || '未填写'}</Text>;
  return (
    <Space wrap>
      <Text type={m.name_differs ? 'danger' : undefined}>
        {holder} {w.account_name || '—'}
      </Text>
      <Text type={m.name_differs ? 'danger' : undefined}>会员实名 {m.realname || '未填写'}</Text>
      {m.name_differs && (
        <Text type="danger" strong>
          不一致
        </Text>
      )}
    </Space>
  );
}

/** When the card / address was bound, recent password resets and the member's lifetime figures. */
export function MemberFacts({ detail: d }: { detail: ConsoleWithdrawalDetail }) {
  const m = d.member;
  const winLoss = Number(m.lifetime.win_loss);
  return (
    <Descriptions bordered size="small" column={3} title="会员核对">
      <Descriptions.Item label="收款账户绑定时间" span={3}>
        {m.bound_at ? shortTime(m.bound_at) : '非绑定账户（提现时填写）'}
      </Descriptions.Item>
      <Descriptions.Item label="近30天密码重置" span={3}>
        {m.resets.length === 0 ? (
          <Text type="secondary">无</Text>
        ) : (
          <Space orientation="vertical" size={0}>
            {m.resets.map((r) => (
              <Text key={`${r.at}-${r.kind}-${r.by}`} type="danger">
                {shortTime(r.at)} {r.by} 重置了{r.kind}
              </Text>
            ))}
          </Space>
        )}
      </Descriptions.Item>
      <Descriptions.Item label="累计存款">{yuan(m.lifetime.deposits)}</Descriptions.Item>
      <Descriptions.Item label="累计提款">{yuan(m.lifetime.withdrawals)}</Descriptions.Item>
      <Descriptions.Item label="累计输赢">
        <Text type={winLoss > 0 ? 'danger' : winLoss < 0 ? 'success' : undefined}>
          {winLoss > 0 ? '赢 ' : winLoss < 0 ? '输 ' : ''}
          {yuan(m.lifetime.win_loss.replace('-', ''))}
        </Text>
      </Descriptions.Item>
    </Descriptions>
  );
}
