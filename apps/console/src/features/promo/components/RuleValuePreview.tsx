import { bonusValue, valueProblem } from '@app/contract/promo-value';
import { Alert } from 'antd';
import { useCategoryCosts } from '@/shared/promoCosts';
import { valueLine } from '@/shared/PromoValue';
import { termsOf, type RuleFormValues } from './ruleForm';

const HOW =
  '按会员以最低成本完成流水估算：各类游戏的庄家优势减去 VIP 最高返水比例，对冲为两名会员同时反向投注。';

/**
 * What the rule being typed is worth to a member, computed here as the server will (promo-value.ts,
 * with the rebate rates of 返水比例). Above 0: the reason the server will refuse it with while the
 * activity is listed (an unlisted one may be kept as a draft); the save still goes to the server.
 */
export function RuleValuePreview({
  rule,
  title,
  enabled,
}: {
  rule: RuleFormValues;
  title: string;
  enabled: boolean;
}) {
  const { costs, failed } = useCategoryCosts();
  const terms = termsOf(rule);
  if (!terms) return null;
  if (!costs) {
    return failed ? (
      <Alert type="warning" showIcon title="无法读取返水比例，会员期望收益将在保存时由服务器核算。" />
    ) : null;
  }
  const value = bonusValue(terms, costs);
  if (!value) return null;
  const problem = valueProblem(`活动「${title.trim()}」`, value);
  if (!problem) {
    return <Alert type="success" showIcon title={`会员期望收益：${valueLine(value)}`} description={HOW} />;
  }
  return (
    <Alert
      type={enabled ? 'error' : 'warning'}
      showIcon
      title={problem}
      description={
        enabled ? '上架的活动保存时将被服务器拒绝。' : '该活动未上架，可先保存为草稿；上架时将被服务器拒绝。'
      }
    />
  );
}
