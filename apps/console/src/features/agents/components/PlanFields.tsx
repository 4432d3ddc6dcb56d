import {
  AGENT_TURNOVER_RATE_MAX_BP,
  COMMISSION_TURNOVER_MAX,
  FEE_SHARE_MAX_BP,
  NET_LOSS_SHARE_MAX_BP,
  PLAN_TIERS_MAX,
  bpText,
} from '@app/contract/agent-plans';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS } from '@app/contract/enums';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Typography,
  type InputProps,
} from 'antd';
import { DEDUCTION_LABELS, DEDUCTIONS, MSG_PERCENT, newTier, PERCENT_PATTERN } from '../rules';

const percentRule = { pattern: PERCENT_PATTERN, message: MSG_PERCENT };

/** A rate typed as a percentage (sent as basis points); Form.Item hands it its value and onChange. */
function PercentInput({ label, ...rest }: InputProps & { label: string }) {
  return <Input {...rest} aria-label={label} suffix="%" inputMode="decimal" style={{ width: '100%' }} />;
}

/** One row of six per-category rates of `name` (a tier's shares or the turnover rates). */
function CategoryRates({
  name,
  what,
  max,
}: {
  name: (string | number)[];
  what: string;
  max: (c: (typeof REBATE_CATEGORIES)[number]) => number;
}) {
  return (
    <Row gutter={8}>
      {REBATE_CATEGORIES.map((c) => (
        <Col span={4} key={c}>
          <Form.Item
            name={[...name, c]}
            label={`${REBATE_CATEGORY_LABELS[c]}（≤${bpText(max(c))}）`}
            rules={[percentRule]}
            style={{ marginBottom: 8 }}
          >
            <PercentInput label={`${REBATE_CATEGORY_LABELS[c]}${what}`} />
          </Form.Item>
        </Col>
      ))}
    </Row>
  );
}

/** 档位: each with its minimum net loss and active members, its shares per category and cost share. */
export function TierFields() {
  return (
    <Form.List name="tiers">
      {(fields, { add, remove }) => (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {fields.map((field, i) => (
            <Card
              key={field.key}
              size="small"
              title={`档位 ${i + 1}`}
              role="group"
              aria-label={`档位 ${i + 1}`}
              extra={
                <Button
                  size="small"
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={`删除档位 ${i + 1}`}
                  disabled={fields.length <= 1}
                  onClick={() => remove(field.name)}
                />
              }
            >
              <Row gutter={8}>
                <Col span={8}>
                  <Form.Item
                    name={[field.name, 'min_profit']}
                    label="最低负盈利（元）"
                    style={{ marginBottom: 8 }}
                  >
                    <Input aria-label={`档位 ${i + 1} 最低负盈利`} prefix="¥" inputMode="decimal" />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[field.name, 'min_active']}
                    label="最低活跃人数"
                    style={{ marginBottom: 8 }}
                  >
                    <InputNumber
                      aria-label={`档位 ${i + 1} 最低活跃人数`}
                      precision={0}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                </Col>
                <Col span={8}>
                  <Form.Item
                    name={[field.name, 'cost_share']}
                    label={`成本分摊（≤${bpText(NET_LOSS_SHARE_MAX_BP)}）`}
                    rules={[percentRule]}
                    style={{ marginBottom: 8 }}
                  >
                    <PercentInput label={`档位 ${i + 1} 成本分摊`} />
                  </Form.Item>
                </Col>
              </Row>
              <Typography.Text type="secondary">各类游戏负盈利分成比例</Typography.Text>
              <CategoryRates
                name={[field.name, 'rates']}
                what={`分成（档位 ${i + 1}）`}
                max={() => NET_LOSS_SHARE_MAX_BP}
              />
            </Card>
          ))}
          <Button
            icon={<PlusOutlined />}
            disabled={fields.length >= PLAN_TIERS_MAX}
            onClick={() => add(newTier())}
          >
            添加档位（最多 {PLAN_TIERS_MAX} 个）
          </Button>
        </Space>
      )}
    </Form.List>
  );
}

/** What a net-loss plan deducts before the share (each borne at the tier's cost share), and the fee share. */
export function CostFields() {
  return (
    <Row gutter={16}>
      <Col span={16}>
        <Form.Item name="deductions" label="扣除成本">
          <Checkbox.Group options={DEDUCTIONS.map((d) => ({ value: d, label: DEDUCTION_LABELS[d] }))} />
        </Form.Item>
      </Col>
      <Col span={8}>
        <Form.Item
          name="fee_share"
          label={`存取款手续费分摊（≤${bpText(FEE_SHARE_MAX_BP)}）`}
          rules={[percentRule]}
        >
          <PercentInput label="手续费分摊" />
        </Form.Item>
      </Col>
    </Row>
  );
}

/** A turnover plan's rate per category (the difference to a sub-agent's goes up the tree). */
export function TurnoverFields() {
  return (
    <CategoryRates name={['turnover_rates']} what="返佣比例" max={(c) => AGENT_TURNOVER_RATE_MAX_BP[c]} />
  );
}

/** The commission's turnover multiple (what the agent bets through before withdrawing it). */
export function MultipleField() {
  return (
    <Form.Item
      name="turnover_multiple"
      label={`佣金打码倍数（0-${COMMISSION_TURNOVER_MAX}）`}
      extra="发放的佣金需完成 佣金 × 倍数 的有效投注后才能提款"
    >
      <InputNumber aria-label="佣金打码倍数" precision={0} style={{ width: 160 }} />
    </Form.Item>
  );
}
