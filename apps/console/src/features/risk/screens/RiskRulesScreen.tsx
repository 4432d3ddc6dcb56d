import {
  LINK_KIND_LABELS,
  LINK_KINDS,
  MSG_WHITELIST_VALUE,
  RISK_FLAGS,
  type LinkKind,
  type RiskSettingsView,
} from '@app/contract/console-risk';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  App,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
} from 'antd';
import { errorMessage } from '@/shared/api';
import { shortTime } from '@/shared/format';
import { QueryError } from '@/shared/QueryError';
import { useOperator } from '@/shared/session';
import { riskSettingsQuery, useSaveRiskSettings, useWhitelistActions, whitelistQuery } from '../api';

const KIND_OPTIONS = LINK_KINDS.map((k) => ({ value: k, label: LINK_KIND_LABELS[k] }));

/** Weights per shared kind, the link and hold scores, the thresholds; editable by a 超级管理员 only. */
function SettingsCard({ settings, admin }: { settings: RiskSettingsView; admin: boolean }) {
  const { message } = App.useApp();
  const save = useSaveRiskSettings();
  return (
    <Card title="关联与风险评分">
      <Typography.Paragraph type="secondary">
        两个会员每共用一类信息（同设备、同银行卡……）加上该类的分值，达到「关联分」即为关联账户。提现的风险分为下列风险项之和（最多100）：
        {Object.values(RISK_FLAGS)
          .map((f) => `${f.label} ${f.points}`)
          .join('，')}
        。达到「风控线」的提现须风控放行后财务才能通过。{admin ? '' : '只有超级管理员可以修改。'}
      </Typography.Paragraph>
      {save.isError && (
        <Alert type="error" showIcon title={errorMessage(save.error)} style={{ marginBottom: 16 }} />
      )}
      <Form
        layout="inline"
        initialValues={settings}
        disabled={!admin || save.isPending}
        onFinish={(v: RiskSettingsView) =>
          save.mutate(v, { onSuccess: () => void message.success('已保存风险评分设置') })
        }
      >
        <Flex wrap gap={8} style={{ width: '100%' }}>
          {LINK_KINDS.map((k) => (
            <Form.Item
              key={k}
              name={['weights', k]}
              label={LINK_KIND_LABELS[k]}
              rules={[{ required: true, message: '请输入分值' }]}
            >
              <InputNumber min={0} max={1000} precision={0} style={{ width: 80 }} />
            </Form.Item>
          ))}
        </Flex>
        <Flex wrap gap={8} style={{ width: '100%', marginTop: 8 }}>
          <Form.Item name="link_score" label="关联分" rules={[{ required: true, message: '请输入关联分' }]}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="hold_score" label="风控线" rules={[{ required: true, message: '请输入风控线' }]}>
            <InputNumber min={1} max={1000} precision={0} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item
            name="big_win"
            label="大额中奖（元）"
            rules={[{ required: true, message: '请输入金额' }]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="big_deposit"
            label="大额存款（元）"
            rules={[{ required: true, message: '请输入金额' }]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          <Form.Item
            name="big_withdrawal"
            label="大额提现（元）"
            rules={[{ required: true, message: '请输入金额' }]}
          >
            <Input style={{ width: 120 }} />
          </Form.Item>
          {admin && (
            <Button type="primary" htmlType="submit" loading={save.isPending}>
              保存
            </Button>
          )}
        </Flex>
      </Form>
    </Card>
  );
}

/** A 超级管理员 adds a value (its kind, the value, a note). */
function WhitelistForm() {
  const { message } = App.useApp();
  const { add } = useWhitelistActions();
  const [form] = Form.useForm<{ kind: LinkKind; value: string; note: string }>();
  return (
    <Form
      form={form}
      layout="inline"
      style={{ marginBottom: 16 }}
      disabled={add.isPending}
      initialValues={{ kind: 'ip', value: '', note: '' }}
      onFinish={(v) =>
        add.mutate(v, {
          onSuccess: () => {
            form.resetFields();
            void message.success('已加入白名单');
          },
          onError: (e) => void message.error(errorMessage(e)),
        })
      }
    >
      <Form.Item name="kind" label="类型">
        <Select options={KIND_OPTIONS} style={{ width: 170 }} />
      </Form.Item>
      <Form.Item
        name="value"
        label="值"
        rules={[{ required: true, whitespace: true, message: MSG_WHITELIST_VALUE }]}
      >
        <Input maxLength={100} style={{ width: 220 }} />
      </Form.Item>
      <Form.Item name="note" label="备注">
        <Input maxLength={200} style={{ width: 180 }} placeholder="如：公司办公网" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={add.isPending}>
        加入
      </Button>
    </Form>
  );
}

/** Values that never link accounts (a family's device, an office's address). */
function WhitelistCard({ admin }: { admin: boolean }) {
  const { message } = App.useApp();
  const list = useQuery(whitelistQuery);
  const { remove } = useWhitelistActions();
  return (
    <Card title="关联白名单">
      {admin && <WhitelistForm />}
      {list.isError && !list.data ? (
        <QueryError error={list.error} retry={() => void list.refetch()} />
      ) : (
        <Table
          size="small"
          rowKey="id"
          loading={list.isPending}
          dataSource={list.data?.rows}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: '白名单为空' }}
          columns={[
            { title: '类型', dataIndex: 'kind', render: (k: LinkKind) => LINK_KIND_LABELS[k] ?? k },
            { title: '值', dataIndex: 'value' },
            { title: '备注', dataIndex: 'note' },
            { title: '添加人', dataIndex: 'created_by' },
            { title: '时间', dataIndex: 'created_at', render: (v: string) => shortTime(v) },
            ...(admin
              ? [
                  {
                    title: '操作',
                    render: (_: unknown, r: { id: number }) => (
                      <Popconfirm
                        title="移出白名单后，该值将重新参与关联"
                        okText="移出"
                        cancelText="取消"
                        onConfirm={() =>
                          remove.mutateAsync(r.id).then(
                            () => void message.success('已移出白名单'),
                            (e: unknown) => void message.error(errorMessage(e)),
                          )
                        }
                      >
                        <Button size="small" danger>
                          移出
                        </Button>
                      </Popconfirm>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}

/** 风险评分: how accounts are linked and withdrawals scored, and the whitelist. */
export default function RiskRulesScreen() {
  const admin = useOperator().role === 'admin';
  const settings = useQuery(riskSettingsQuery);
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {settings.isError && !settings.data ? (
        <QueryError error={settings.error} retry={() => void settings.refetch()} />
      ) : settings.data ? (
        <SettingsCard settings={settings.data} admin={admin} />
      ) : (
        <Card loading title="关联与风险评分" />
      )}
      <WhitelistCard admin={admin} />
    </Space>
  );
}
