import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { HOUSE_EDGE_BP } from '@app/contract/promo-value';
import { MSG_TURNOVER_WEIGHT, WEIGHT_MAX } from '@app/contract/turnover';
import { Form, InputNumber, Space, Typography } from 'antd';

const edge = (bp: number) => `${bp / 100}%`;

const NOTE =
  `彩票的大小单双等对等玩法只需承担 ${edge(HOUSE_EDGE_BP.lottery)} 的庄家优势（其他游戏 ${edge(HOUSE_EDGE_BP.realperson)}），` +
  '会员用它完成流水的成本最低；调低彩票的计入比例，彩金就更难被低成本套取。0 表示该类游戏不计入。';

const whole = {
  validator: async (_: unknown, v: unknown) => {
    if (!(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= WEIGHT_MAX))
      throw new Error(MSG_TURNOVER_WEIGHT);
  },
};

/**
 * 流水计入比例: the share of each category's valid bets that counts toward the bonus's turnover (kept,
 * hidden, for a rule paid by its own job).
 */
export function TurnoverWeightsFields({ hidden = false }: { hidden?: boolean }) {
  return (
    <Form.Item label="流水计入比例" extra={NOTE} hidden={hidden} style={{ marginBottom: 16 }}>
      <div style={{ display: 'grid', gridTemplateColumns: 'repeat(3, max-content)', gap: '8px 24px' }}>
        {REBATE_CATEGORIES.map((c) => (
          <Space key={c} size={8} align="center">
            <Typography.Text>{REBATE_CATEGORY_LABELS[c]}</Typography.Text>
            <Form.Item name={['turnover_weights', c]} rules={[whole]} noStyle>
              <InputNumber
                min={0}
                max={WEIGHT_MAX}
                precision={0}
                suffix="%"
                style={{ width: 96 }}
                aria-label={`${REBATE_CATEGORY_LABELS[c]}流水计入比例`}
              />
            </Form.Item>
          </Space>
        ))}
      </div>
    </Form.Item>
  );
}
