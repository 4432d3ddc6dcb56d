import {
  MSG_VIP_AMOUNT,
  VIP_THRESHOLD_LABELS,
  vipThresholdProblem,
  type VipLevelRow,
} from '@app/contract/console-promo';
import { App } from 'antd';
import { errorMessage } from '@/shared/api';
import { useSaveVipLevels } from '../api';
import { LevelsForm, type LevelColumn, type LevelsValues } from '../components/LevelsForm';

const MONEY = /^\d{1,9}(\.\d{1,2})?$/;

/** Cents of a yuan amount the operator typed; null when it is not one. */
function cents(text: string): number | null {
  if (!MONEY.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const FIELDS = ['recharge', 'flow', 'keep_flow'] as const;
const HELP: Record<(typeof FIELDS)[number], string> = {
  recharge: '晋级所需累计存款',
  flow: '晋级所需累计有效投注',
  keep_flow: '90 天内须完成的有效投注，否则降一级',
};

const COLUMNS: LevelColumn[] = FIELDS.map((f) => ({
  field: f,
  title: `${VIP_THRESHOLD_LABELS[f]}（${HELP[f]}）`,
  label: VIP_THRESHOLD_LABELS[f],
  unit: '¥',
  read: (l: VipLevelRow) => l[f],
  check: (text) => (cents(text) === null ? MSG_VIP_AMOUNT : null),
  fixed: (level) => level === 1,
}));

/** VIP等级 (运营): thresholds to reach each level and its retention, rising with the level. */
export default function VipScreen() {
  const { message } = App.useApp();
  const save = useSaveVipLevels(() => message.success('VIP 门槛已保存，从下一次晋级计算起生效'));
  const onSave = (v: LevelsValues) => {
    const levels = v.levels.map((row) => ({
      level: Number(row.level),
      recharge: String(row.recharge ?? '').trim(),
      flow: String(row.flow ?? '').trim(),
      keep_flow: String(row.keep_flow ?? '').trim(),
    }));
    // The same rule the server applies, so the operator sees it before sending.
    const problem = vipThresholdProblem(
      levels.map((l) => ({
        level: l.level,
        recharge: cents(l.recharge) ?? 0,
        flow: cents(l.flow) ?? 0,
        keep_flow: cents(l.keep_flow) ?? 0,
      })),
    );
    if (problem) message.error(problem);
    else save.mutate({ levels });
  };
  return (
    <LevelsForm
      title="VIP等级"
      intro="每日任务按下一级的累计存款和累计流水为会员晋级（每天最多一级）；保级流水 90 天内未完成则降一级。门槛须随等级递增，VIP1 为起始等级。修改从下一次计算起生效，已晋级的会员保持当前等级。"
      columns={COLUMNS}
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onSave={onSave}
    />
  );
}
