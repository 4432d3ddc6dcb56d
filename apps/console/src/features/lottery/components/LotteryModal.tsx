import {
  CLOSE_SECONDS_MAX,
  consoleUpdateLottery,
  MSG_CLOSE_BEFORE_DRAW,
  MSG_MAX_LINES,
  MSG_STAKE_LIMIT,
  PERIOD_SECONDS_MAX,
  PERIOD_SECONDS_MIN,
  type LotteryRow,
} from '@app/contract/console-lottery';
import { MAX_LINES_PER_ROUND_MAX, MAX_LINES_PER_ROUND_MIN } from '@app/contract/lottery';
import { Alert, App, Form, Input, InputNumber, Switch, Typography, type FormRule } from 'antd';
import { SaveError, SaveModal } from '@/shared/SaveModal';
import { useLotteryWrite } from '../api';

type Values = {
  enabled: boolean;
  period_seconds: number;
  close_seconds: number;
  max_lines_per_member: number;
  line_max: string;
  member_round_max: string;
  round_max: string;
};

/** A stake limit in yuan: empty (no limit) or at least 1.00 with two decimals at most. */
const stakeLimit: FormRule = {
  validator: async (_r: unknown, v: string | undefined) => {
    const text = (v ?? '').trim();
    if (text !== '' && !(/^\d+(\.\d{1,2})?$/.test(text) && Number(text) >= 1))
      throw new Error(MSG_STAKE_LIMIT);
  },
};

const LIMITS = [
  { name: 'line_max', label: '单注限额（元）', extra: '一注的最高金额。' },
  {
    name: 'member_round_max',
    label: '每人每期限额（元）',
    extra: '一名会员在同一期（所有房间合计）的投注总额上限。',
  },
  {
    name: 'round_max',
    label: '每期总限额（元）',
    extra: '同一期所有会员投注的总额上限，达到后本期不再接受投注。',
  },
] as const;

const valuesOf = (l: LotteryRow): Values => ({
  enabled: l.enabled,
  period_seconds: l.period_seconds,
  close_seconds: l.close_seconds,
  max_lines_per_member: l.max_lines_per_member,
  line_max: l.line_max,
  member_round_max: l.member_round_max,
  round_max: l.round_max,
});

/** The form's values as the call takes them: a limit trimmed, '' when cleared (no limit). */
const inputOf = (id: number, v: Values) => ({
  id,
  ...v,
  line_max: (v.line_max ?? '').trim(),
  member_round_max: (v.member_round_max ?? '').trim(),
  round_max: (v.round_max ?? '').trim(),
});

/** The three stake limits (empty: no limit); the server checks them on every order, from the next. */
function StakeLimitFields() {
  return LIMITS.map((f) => (
    <Form.Item key={f.name} label={f.label} name={f.name} extra={f.extra} rules={[stakeLimit]}>
      <Input placeholder="不限" allowClear style={{ width: 200 }} />
    </Form.Item>
  ));
}

/** The close time must leave the round an open moment (the server checks it too). */
const closeBeforeDraw: FormRule = ({ getFieldValue }) => ({
  validator: async (_r: unknown, v: number | null) => {
    const period = getFieldValue('period_seconds') as number | null;
    if (v != null && period != null && v >= period) throw new Error(MSG_CLOSE_BEFORE_DRAW);
  },
});

/** The lines one member may hold on one round, all rooms together (the server checks the range too). */
function MaxLinesField() {
  return (
    <Form.Item
      label="每期每人最多注数"
      name="max_lines_per_member"
      extra="一名会员在同一期（该彩种所有房间合计）最多可投的注数，超过的投注整单拒绝；从下一笔投注起生效。"
      rules={[
        { required: true, message: MSG_MAX_LINES },
        {
          type: 'integer',
          min: MAX_LINES_PER_ROUND_MIN,
          max: MAX_LINES_PER_ROUND_MAX,
          message: MSG_MAX_LINES,
        },
      ]}
    >
      <InputNumber
        min={MAX_LINES_PER_ROUND_MIN}
        max={MAX_LINES_PER_ROUND_MAX}
        precision={0}
        suffix="注"
        style={{ width: 200 }}
      />
    </Form.Item>
  );
}

/**
 * 编辑彩种: open or closed, period and close time (applied from the next round not yet made), the
 * lines one member may hold on one round (all rooms together) and the stake limits (from the next order).
 */
export function LotteryModal({ lottery, onClose }: { lottery: LotteryRow | null; onClose: () => void }) {
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const save = useLotteryWrite(consoleUpdateLottery, (r) => {
    message.success(`已保存 ${r.title}，新的周期从下一期开始`);
    onClose();
  });
  return (
    <SaveModal
      open={lottery !== null}
      title={lottery ? `编辑彩种 ${lottery.title}` : '编辑彩种'}
      busy={save.isPending}
      form={form}
      onClose={onClose}
      afterClose={() => save.reset()}
    >
      {lottery?.period_override != null && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          message={`本服务器启动时设置了统一开奖周期 ${lottery.period_override} 秒（演示、测试用），实际按该周期开奖；此处的周期在取消统一周期后生效。`}
        />
      )}
      <SaveError write={save} />
      {lottery && (
        <Form
          form={form}
          layout="vertical"
          initialValues={valuesOf(lottery)}
          onFinish={(v) => save.mutate(inputOf(lottery.id, v))}
        >
          <Form.Item
            label="开启"
            name="enabled"
            valuePropName="checked"
            extra="关闭后会员看不到该彩种的房间，也不能投注；已投注的期次照常开奖结算。"
          >
            <Switch checkedChildren="开启" unCheckedChildren="关闭" />
          </Form.Item>
          <Form.Item
            label="开奖周期（秒）"
            name="period_seconds"
            rules={[{ required: true, message: '请填写开奖周期' }]}
          >
            <InputNumber
              min={PERIOD_SECONDS_MIN}
              max={PERIOD_SECONDS_MAX}
              precision={0}
              style={{ width: 200 }}
            />
          </Form.Item>
          <Form.Item
            label="封盘时间（开奖前多少秒停止投注）"
            name="close_seconds"
            dependencies={['period_seconds']}
            rules={[{ required: true, message: '请填写封盘时间' }, closeBeforeDraw]}
          >
            <InputNumber min={0} max={CLOSE_SECONDS_MAX} precision={0} style={{ width: 200 }} />
          </Form.Item>
          <MaxLinesField />
          <StakeLimitFields />
        </Form>
      )}
      <Typography.Text type="secondary">
        已生成的期次（当前期和下一期）保持原来的时间，新的周期和封盘时间从之后的期次开始。此操作将记入审计日志。
      </Typography.Text>
    </SaveModal>
  );
}
