import type { MemberDetail } from '@app/contract/console-members';
import { Descriptions, Tag } from 'antd';
import { Link } from 'react-router';
import { shortTime, yuan } from '@/shared/format';
import { MaskedHint } from '@/shared/MaskedHint';
import { MemberTagEditor } from './MemberTagEditor';
import { MemberTags } from './MemberTags';

/** The member's profile: who they are, their standing and turnover. */
export function MemberProfile({ m }: { m: MemberDetail }) {
  return (
    <Descriptions size="small" bordered column={{ xxl: 4, xl: 3, lg: 3, md: 2, sm: 1, xs: 1 }}>
      <Descriptions.Item label="会员ID">{m.id}</Descriptions.Item>
      <Descriptions.Item label="会员名">{m.name}</Descriptions.Item>
      <Descriptions.Item label="真实姓名">{m.realname || '—'}</Descriptions.Item>
      <Descriptions.Item label="手机号">
        {m.mobile || '—'}
        {m.contact_masked && m.mobile && <MaskedHint />}
      </Descriptions.Item>
      <Descriptions.Item label="邮箱">{m.email || '—'}</Descriptions.Item>
      <Descriptions.Item label="VIP">VIP{m.vip_level}</Descriptions.Item>
      <Descriptions.Item label="推荐人">
        {m.referrer ? <Link to={`/members/${m.referrer.id}`}>{m.referrer.name}</Link> : '—'}
      </Descriptions.Item>
      <Descriptions.Item label="状态">
        {m.blocked ? <Tag color="red">已冻结</Tag> : <Tag color="green">正常</Tag>}
        {(m.isagent || m.is_trial) && <MemberTags m={{ ...m, blocked: false }} />}
      </Descriptions.Item>
      <Descriptions.Item label="会员标签">
        <MemberTagEditor member={m} />
      </Descriptions.Item>
      <Descriptions.Item label="注册时间">{shortTime(m.created_at)}</Descriptions.Item>
      <Descriptions.Item label="累计存款">{yuan(m.paysum)}</Descriptions.Item>
      <Descriptions.Item label="打码量（已完成/要求）">
        {yuan(m.turnover_done)} / {yuan(m.turnover_required)}
      </Descriptions.Item>
      <Descriptions.Item label="支付密码">
        {m.pay_password_locked ? (
          <Tag color="red">已锁定（错误 {m.pay_password_failures} 次）</Tag>
        ) : m.pay_password_failures > 0 ? (
          <Tag color="orange">错误 {m.pay_password_failures} 次</Tag>
        ) : (
          <Tag>正常</Tag>
        )}
      </Descriptions.Item>
    </Descriptions>
  );
}
