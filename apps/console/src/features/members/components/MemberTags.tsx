import { Space, Tag } from 'antd';

/** The member's tags: 代理, 试玩, 已冻结 (nothing when none applies). */
export function MemberTags({ m }: { m: { isagent: boolean; is_trial: boolean; blocked: boolean } }) {
  if (!m.isagent && !m.is_trial && !m.blocked) return <span>—</span>;
  return (
    <Space size={4}>
      {m.isagent && <Tag color="blue">代理</Tag>}
      {m.is_trial && <Tag color="gold">试玩</Tag>}
      {m.blocked && <Tag color="red">已冻结</Tag>}
    </Space>
  );
}

/** A signed amount: red when negative, green with a + when positive. */
export function SignedAmount({ value }: { value: string }) {
  const negative = value.startsWith('-');
  return (
    <span style={{ color: negative ? '#cf1322' : '#389e0d', fontVariantNumeric: 'tabular-nums' }}>
      {negative ? value : `+${value}`}
    </span>
  );
}
