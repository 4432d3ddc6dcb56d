import type { MemberTag } from '@app/contract/console-annotations';
import { Space, Tag } from 'antd';

/** Operators' tags in their colours (names are text, never HTML). */
export function OperatorTags({ tags }: { tags: readonly MemberTag[] }) {
  return (
    <>
      {tags.map((t) => (
        <Tag key={t.id} color={t.color}>
          {t.name}
        </Tag>
      ))}
    </>
  );
}

/** The member's tags: 代理, 试玩, 已冻结, then the operators' own (nothing when none applies). */
export function MemberTags({
  m,
}: {
  m: { isagent: boolean; is_trial: boolean; blocked: boolean; tags?: readonly MemberTag[] };
}) {
  const tags = m.tags ?? [];
  if (!m.isagent && !m.is_trial && !m.blocked && tags.length === 0) return <span>—</span>;
  return (
    <Space size={4} wrap>
      {m.isagent && <Tag color="blue">代理</Tag>}
      {m.is_trial && <Tag color="gold">试玩</Tag>}
      {m.blocked && <Tag color="red">已冻结</Tag>}
      <OperatorTags tags={tags} />
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
