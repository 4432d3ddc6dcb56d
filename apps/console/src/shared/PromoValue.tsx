import { valueText, type PromoValue } from '@app/contract/promo-value';
import { WarningOutlined } from '@ant-design/icons';
import { Space, Tag, Tooltip, Typography } from 'antd';

/** "单人 -116.80 / 对冲每人 -116.80 元" (yuan per 1,000 of the base). */
export const valueFigures = (v: PromoValue) =>
  `单人 ${valueText(v.single)} / 对冲每人 ${valueText(v.pair)} 元`;

/** "每 1,000 元存款" (投注, 彩金): what the figures are per. */
export const valuePer = (v: PromoValue) => `每 1,000 元${v.per}`;

/** The whole line: "单人 -116.80 / 对冲每人 -116.80 元，每 1,000 元存款". */
export const valueLine = (v: PromoValue) => `${valueFigures(v)}，${valuePer(v)}`;

/**
 * What a promotion is worth to a member who clears it on the cheapest play, alone and as one of two
 * members on opposite sides, per 1,000 of its base; in red with a tag when it is above 0 (`warning`
 * says what follows: the server refuses it, or refuses members' applications to it). '—' for none.
 */
export function PromoValueText({
  value,
  warning,
  tag = '收益为正',
  preview = false,
}: {
  value: PromoValue | null | undefined;
  warning?: string;
  tag?: string;
  /** Computed in the browser from what is being typed (the server values it again on save). */
  preview?: boolean;
}) {
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  const positive = value.positive;
  return (
    <Space orientation="vertical" size={0}>
      <Typography.Text type={positive ? 'danger' : undefined} style={{ whiteSpace: 'nowrap' }}>
        {valueFigures(value)}
      </Typography.Text>
      <Space size={4} wrap>
        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
          {preview ? `${valuePer(value)}（预览）` : valuePer(value)}
        </Typography.Text>
        {positive && (
          <Tooltip title={warning}>
            <Tag color="error" icon={<WarningOutlined />} style={{ marginInlineEnd: 0 }}>
              {tag}
            </Tag>
          </Tooltip>
        )}
      </Space>
    </Space>
  );
}
