import {
  consoleClearWithdrawalRisk,
  MSG_RISK_NOTE,
  RISK_STATES,
  type WithdrawalRisk,
} from '@app/contract/console-risk';
import type { ConsoleWithdrawalRow } from '@app/contract/console-money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { callApi, errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { LinkedAccountsTable } from '@/shared/LinkedAccountsTable';
import { useMayCall } from '@/shared/session';
import { WITHDRAWALS_KEY } from '../api';

const { Text } = Typography;

/** Red from the hold score up, orange from half of it, green below. */
const scoreColor = (score: number, hold: number) =>
  score >= hold ? 'error' : score * 2 >= hold ? 'warning' : 'success';

/** 风控放行: a required note (≤ 200), the call, the queue and the drawer read again. */
function ClearButton({ row }: { row: ConsoleWithdrawalRow }) {
  const qc = useQueryClient();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ note: string }>();
  const clear = useMutation({
    mutationFn: (note: string) => callApi(consoleClearWithdrawalRisk, { id: row.id, note }),
    onSuccess: () => {
      setOpen(false);
      void message.success(`已放行提现 ${row.order_no}，等待财务审核`);
      void qc.invalidateQueries({ queryKey: WITHDRAWALS_KEY });
    },
  });
  return (
    <>
      <Button type="primary" onClick={() => setOpen(true)}>
        风控放行
      </Button>
      <Modal
        open={open}
        title={`风控放行 ${row.order_no}`}
        okText="确认放行"
        okButtonProps={{ loading: clear.isPending }}
        cancelButtonProps={{ disabled: clear.isPending }}
        onCancel={() => setOpen(false)}
        onOk={() => form.submit()}
        afterClose={() => {
          form.resetFields();
          clear.reset();
        }}
        destroyOnHidden
        forceRender
        zIndex={1100}
      >
        {clear.isError && (
          <Alert type="error" showIcon title={errorMessage(clear.error)} style={{ marginBottom: 16 }} />
        )}
        <Form
          form={form}
          layout="vertical"
          disabled={clear.isPending}
          onFinish={(v) => clear.mutate(v.note.trim())}
        >
          <Form.Item
            name="note"
            label="放行说明（核实了什么）"
            rules={[
              { required: true, whitespace: true, message: MSG_RISK_NOTE },
              { max: 200, message: MSG_RISK_NOTE },
            ]}
          >
            <Input.TextArea rows={3} maxLength={200} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** The review's 风险评估: score against the hold score, the flags, linked accounts, 风控's decision. */
export function RiskPanel({ risk, row }: { risk: WithdrawalRisk; row: ConsoleWithdrawalRow }) {
  const mayClear = useMayCall(consoleClearWithdrawalRisk);
  const pending = row.state === 1;
  const held = pending && risk.state !== RISK_STATES.cleared && risk.score >= risk.hold_score;
  return (
    <Card
      size="small"
      title={
        <Space>
          风险评估
          <Tag color={scoreColor(risk.score, risk.hold_score)}>
            {risk.score} 分 / 风控线 {risk.hold_score}
          </Tag>
        </Space>
      }
      extra={held && mayClear ? <ClearButton row={row} /> : null}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        {held && <Alert type="warning" showIcon title="风险评分达到风控线：须风控放行后，财务才能通过" />}
        {risk.state === RISK_STATES.cleared && (
          <Alert
            type="success"
            showIcon
            title={`风控已放行：${risk.by}（${shortTime(risk.at)}）`}
            description={risk.note}
          />
        )}
        {risk.flags.length === 0 ? (
          <Text type="secondary">未触发风险项</Text>
        ) : (
          <Space orientation="vertical" size={2}>
            {risk.flags.map((f) => (
              <Text key={f.flag}>
                <Tag color="orange">+{f.points}</Tag>
                {f.label}
                {f.detail && <Text type="secondary">：{f.detail}</Text>}
              </Text>
            ))}
          </Space>
        )}
        <LinkedAccountsTable rows={risk.links} />
      </Space>
    </Card>
  );
}
