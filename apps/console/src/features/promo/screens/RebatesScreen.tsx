import { MSG_REBATE_RATE, msgRebateRateMax, percentText } from '@app/contract/console-promo';
import { HOUSE_EDGE_BP, REBATE_RATE_MAX_BP } from '@app/contract/promo-value';
import { REBATE_CATEGORIES, REBATE_CATEGORY_LABELS, type RebateCategory } from '@app/contract/enums';
import { App, Tooltip } from 'antd';
import { errorMessage } from '@/shared/api';
import { useSaveRebateRates } from '../api';
import { LevelsForm, type LevelColumn, type LevelsValues } from '../components/LevelsForm';

const PERCENT = /^\d{1,3}(\.\d{1,2})?$/;

/** A rate the operator typed, in hundredths of a percent ("0.8" → 80); null when it is not one. */
function rateBp(text: string): number | null {
  if (!PERCENT.test(text)) return null;
  const [whole = '0', frac = ''] = text.split('.');
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

const COLUMNS: LevelColumn[] = REBATE_CATEGORIES.map((c: RebateCategory) => ({
  field: c,
  title: (
    <Tooltip
      title={`最高 ${percentText(REBATE_RATE_MAX_BP[c])}%，庄家优势 ${percentText(HOUSE_EDGE_BP[c])}%`}
    >
      {REBATE_CATEGORY_LABELS[c]}（≤{percentText(REBATE_RATE_MAX_BP[c])}%）
    </Tooltip>
  ),
  label: REBATE_CATEGORY_LABELS[c],
  unit: '%',
  read: (l) => l.rates[c],
  check: (text) => {
    const bp = rateBp(text);
    if (bp === null) return MSG_REBATE_RATE;
    return bp > REBATE_RATE_MAX_BP[c] ? msgRebateRateMax(c) : null;
  },
}));

/** 返水比例 (运营): the six rebate rates of each VIP level, each below its category's house edge. */
export default function RebatesScreen() {
  const { message } = App.useApp();
  const save = useSaveRebateRates(() => message.success('返水比例已保存，从下一次计算返水起生效'));
  const onSave = (v: LevelsValues) =>
    save.mutate({
      levels: v.levels.map((row) => ({
        level: Number(row.level),
        ...Object.fromEntries(REBATE_CATEGORIES.map((c) => [c, String(row[c] ?? '').trim()])),
      })) as Parameters<typeof save.mutate>[0]['levels'],
    });
  return (
    <LevelsForm
      title="返水比例"
      intro="每日按会员当日 VIP 等级和有效投注计算返水。修改从下一次计算起生效，已计算的返水保持原比例和金额。返水比例须低于该类游戏的庄家优势，否则会员投注加返水稳赚不赔。返水也计在会员完成优惠流水的投注上：调整后若有上架活动或红包档位的会员期望收益变为正，保存将被拒绝。"
      columns={COLUMNS}
      busy={save.isPending}
      error={save.isError ? errorMessage(save.error) : null}
      onSave={onSave}
    />
  );
}
