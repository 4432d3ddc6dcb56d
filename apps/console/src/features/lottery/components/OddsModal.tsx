import {
  consoleUpdateLotteryOdds,
  MSG_ODDS_FORMAT,
  type LotteryOddsRow,
} from '@app/contract/console-lottery';
import { App, Descriptions, Form, Input, Typography } from 'antd';
import { SaveError, SaveModal } from '@/shared/SaveModal';
import { useLotteryWrite } from '../api';

/** 修改赔率: the server refuses odds whose average return passes the limit, with the return it would give. */
export function OddsModal({
  lotteryId,
  play,
  onClose,
}: {
  lotteryId: number;
  play: LotteryOddsRow | null;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm<{ odds: string }>();
  const save = useLotteryWrite(consoleUpdateLotteryOdds, (r) => {
    message.success(`${r.group} ${r.title} 赔率已改为 ${r.odds}，下一笔投注起生效`);
    onClose();
  });
  return (
    <SaveModal
      open={play !== null}
      title={play ? `修改赔率：${play.group} ${play.title}` : '修改赔率'}
      busy={save.isPending}
      form={form}
      onClose={onClose}
      afterClose={() => save.reset()}
    >
      {play && (
        <Descriptions size="small" column={2} style={{ marginBottom: 16 }}>
          <Descriptions.Item label="默认赔率">{play.default_odds}</Descriptions.Item>
          <Descriptions.Item label="当前赔率">{play.odds}</Descriptions.Item>
          <Descriptions.Item label="当前平均返还率">{play.return_percent}</Descriptions.Item>
          <Descriptions.Item label="上限内最高赔率">{play.max_odds}</Descriptions.Item>
        </Descriptions>
      )}
      <SaveError write={save} />
      {play && (
        <Form
          form={form}
          layout="vertical"
          initialValues={{ odds: play.odds }}
          onFinish={(v) => save.mutate({ lottery_id: lotteryId, play_id: play.play_id, odds: v.odds })}
        >
          <Form.Item
            label="新赔率"
            name="odds"
            rules={[
              { required: true, message: '请填写赔率' },
              { pattern: /^\s*\d{1,6}(\.\d{1,2})?\s*$/, message: MSG_ODDS_FORMAT },
            ]}
          >
            <Input style={{ width: 200 }} inputMode="decimal" />
          </Form.Item>
        </Form>
      )}
      <Typography.Text type="secondary">
        平均返还率不得超过 98%。已投注的注单按投注时的赔率结算；填默认赔率即恢复默认。此操作将记入审计日志。
      </Typography.Text>
    </SaveModal>
  );
}
